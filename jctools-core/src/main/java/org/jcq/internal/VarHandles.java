package org.jcq.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/** The one place that looks up VarHandles, so no queue repeats the checked-exception dance. */
public final class VarHandles {
    private VarHandles() {
    }

    /**
     * Finds the VarHandle of an instance field.
     *
     * @param lookup a lookup with private access to {@code owner} (pass {@code MethodHandles.lookup()})
     * @param owner the class declaring the field
     * @param name the field name
     * @param type the field type
     * @return the handle
     * @throws ExceptionInInitializerError if the field does not exist (a build error)
     */
    public static VarHandle field(MethodHandles.Lookup lookup, Class<?> owner, String name, Class<?> type) {
        try {
            return lookup.findVarHandle(owner, name, type);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
