# The experiment's Parking (before d9bac42): putter W0 with -Dx.pause=N onSpinWaits before each of its
# 64 tries (capped at capacity/2) and -Dx.relaxed=true for relaxedOffer tries. usage: patch-pause.py IN OUT
import sys
s = open(sys.argv[1]).read()
old = """        for (int spin = 0; spin < ROOM_SPINS; spin++) {
            Thread.onSpinWait();
            if (q.offer(e)) {
                return true;
            }
        }"""
new = """        final int pause = q.capacity() > 0 ? Math.max(1, Math.min(PAUSE, q.capacity() / 2)) : 1;
        for (int spin = 0; spin < ROOM_SPINS; spin++) {
            for (int i = 0; i < pause; i++) Thread.onSpinWait();
            if (RELAXED ? q.relaxedOffer(e) : q.offer(e)) {
                return true;
            }
        }"""
assert old in s
s = s.replace(old, new)
s = s.replace("    static final long SPIN_NANOS = 20_000L;\n", "    static final long SPIN_NANOS = 20_000L;\n"
              "    static final boolean RELAXED = Boolean.getBoolean(\"x.relaxed\");\n"
              "    static final int PAUSE = Integer.getInteger(\"x.pause\", 1);\n", 1)
open(sys.argv[2], 'w').write(s)
