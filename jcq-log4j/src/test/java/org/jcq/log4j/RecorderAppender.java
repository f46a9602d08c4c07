package org.jcq.log4j;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.Core;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Property;
import org.apache.logging.log4j.core.config.plugins.Plugin;
import org.apache.logging.log4j.core.config.plugins.PluginAttribute;
import org.apache.logging.log4j.core.config.plugins.PluginFactory;

/**
 * A test appender that records each event's message, and can be held shut (every append waits
 * for {@link #open()}) to fill the async appender's queue. Instances are found by name.
 */
@SuppressWarnings("exports")
@Plugin(name = "Recorder", category = Core.CATEGORY_NAME, elementType = Appender.ELEMENT_TYPE)
public final class RecorderAppender extends AbstractAppender {
    private static final Map<String, RecorderAppender> BY_NAME = new ConcurrentHashMap<>();

    private final List<String> messages = new CopyOnWriteArrayList<>();
    private volatile CountDownLatch gate;

    private RecorderAppender(String name) {
        super(name, null, null, true, Property.EMPTY_ARRAY);
    }

    @PluginFactory
    public static RecorderAppender create(@PluginAttribute("name") String name) {
        final RecorderAppender appender = new RecorderAppender(name);
        BY_NAME.put(name, appender);
        return appender;
    }

    static RecorderAppender named(String name) {
        return BY_NAME.get(name);
    }

    /** Makes every append from now on wait until {@link #open()}. */
    void hold() {
        gate = new CountDownLatch(1);
    }

    void open() {
        final CountDownLatch g = gate;
        gate = null;
        if (g != null) {
            g.countDown();
        }
    }

    List<String> messages() {
        return messages;
    }

    @Override
    public void append(LogEvent event) {
        final CountDownLatch g = gate;
        if (g != null) {
            try {
                if (!g.await(60, TimeUnit.SECONDS)) {
                    throw new AssertionError("the recorder was never opened");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        messages.add(event.getMessage().getFormattedMessage());
    }
}
