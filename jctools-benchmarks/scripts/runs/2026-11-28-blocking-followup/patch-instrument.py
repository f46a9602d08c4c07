import sys
src,dst=sys.argv[1],sys.argv[2]
s=open(src).read()
def rep(old,new,cnt=1):
    global s
    assert s.count(old)==cnt, (old, s.count(old))
    s=s.replace(old,new)
rep("final class Parking {\n","""final class Parking {
    static final java.util.concurrent.atomic.AtomicLongArray C = new java.util.concurrent.atomic.AtomicLongArray(16);
    static final String[] N = {"awaits","parks","sigWake","sigFail","spurWake","lockPark","lockYield","w0hit","w2hit","registers","lockCalls","unparks","takeCalls","lockSpins","w0missClaimed"};
    static { Runtime.getRuntime().addShutdownHook(new Thread(() -> { StringBuilder b = new StringBuilder("PARKING"); for (int i = 0; i < N.length; i++) b.append(' ').append(N[i]).append('=').append(C.get(i)); System.out.println(b); })); }
""")
rep("""        private void lock() {
""","""        private void lock() {
            C.incrementAndGet(10);
""")
rep("""                if (spins % LOCK_SPINS != 0) {
                    Thread.onSpinWait();""","""                if (spins % LOCK_SPINS != 0) {
                    if (spins == 1) C.incrementAndGet(13);
                    Thread.onSpinWait();""")
rep("""                } else if (Waits.onVirtualThread()) {
                    LockSupport.parkNanos(this, LOCK_PARK_NANOS);
                } else {
                    Thread.yield();""","""                } else if (Waits.onVirtualThread()) {
                    C.incrementAndGet(5);
                    LockSupport.parkNanos(this, LOCK_PARK_NANOS);
                } else {
                    C.incrementAndGet(6);
                    Thread.yield();""")
rep("""                if (w != null) {
                    LockSupport.unpark(w.thread);""","""                if (w != null) {
                    C.incrementAndGet(11);
                    LockSupport.unpark(w.thread);""")
rep("""        final Waiter w = new Waiter(Thread.currentThread(), putter);""","""        final Waiter w = new Waiter(Thread.currentThread(), putter);
        C.incrementAndGet(0);""")
rep("""                parked = true;
                park(q, Math.max(1L, wait), virtual);
                if (w.state == Waiter.SIGNALLED) {
                    // Out of the list: one try, then register again (the loop).
                    done = attempt(q, putter, e);
                    if (done != null) {
                        return done;
                    }
                }""","""                parked = true;
                C.incrementAndGet(1);
                park(q, Math.max(1L, wait), virtual);
                if (w.state == Waiter.SIGNALLED) {
                    // Out of the list: one try, then register again (the loop).
                    done = attempt(q, putter, e);
                    if (done != null) {
                        C.incrementAndGet(2);
                        return done;
                    }
                    C.incrementAndGet(3);
                } else { C.incrementAndGet(4); }""")
rep("""                done = recheck(q, a, putter, e, virtual);
                if (done != null) {
                    return done;""","""                C.incrementAndGet(9);
                done = recheck(q, a, putter, e, virtual);
                if (done != null) {
                    C.incrementAndGet(8);
                    return done;""")
rep("""        final E spun = spinForElement(""","""        C.incrementAndGet(12);
        final E spun = spinForElement(""")
rep("""        return spun != null ? spun : await(""","""        if (spun != null) C.incrementAndGet(7); else if (a.lvAnyClaimed(q)) C.incrementAndGet(14);
        return spun != null ? spun : await(""")
open(dst,'w').write(s)
