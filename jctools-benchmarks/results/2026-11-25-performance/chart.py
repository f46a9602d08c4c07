# Draws docs/measurements/2026-11-25-ours-over-twin.svg: ours / JCTools Unsafe twin per round (mean and 99.9%
# interval) from the packed runs beside this script. usage: python3 chart.py OUT.svg
import sys, os, math, statistics as st
here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(here))
from ratio import paired
rows = []
for jdk, queues in (("17", ["SpscArrayQueue", "MpscArrayQueue", "SpscUnboundedArrayQueue", "MpscUnboundedArrayQueue"]),
                    ("25", ["SpscArrayQueue", "MpscArrayQueue", "SpscUnboundedArrayQueue", "MpscUnboundedArrayQueue"])):
    for q in queues:
        f = os.path.join(here, f"jdk{jdk}-{q}.json")
        if not os.path.exists(f):
            continue
        for b in ("offerAndPoll", "offerAndPollRun", "fillAndDrain"):
            m, e, n, _, _ = paired(f, q, "JCTools." + q, None, b)
            rows.append((f"{q} {b}, JDK {jdk}", m, e, n))
for jdk in ("17", "25"):
    for q in ["SpscArrayQueue", "MpscArrayQueue", "SpmcArrayQueue", "MpmcArrayQueue", "SpscUnboundedArrayQueue"]:
        f = os.path.join(here, f"tpt-jdk{jdk}-{q}.json")
        if not os.path.exists(f):
            continue
        for g, label in (("tpt", "1P1C poll"), ("tptRelaxed", "1P1C relaxedPoll")):
            try:
                m, e, n, _, _ = paired(f, q, "JCTools." + q, "pollsMade", g)
            except Exception:
                continue
            if n >= 2:
                rows.append((f"{q} {label}, JDK {jdk}", m, e, n))
W, LABEL, ROW, TOP = 900, 420, 18, 40
lo, hi = 0.0, 2.0
plot = W - LABEL - 60
H = TOP + ROW * len(rows) + 40
x = lambda v: LABEL + plot * (min(max(v, lo), hi) - lo) / (hi - lo)
out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" font-family="sans-serif" font-size="12">',
       f'<rect width="{W}" height="{H}" fill="white"/>',
       f'<text x="{LABEL + plot / 2}" y="18" text-anchor="middle">ours / JCTools Unsafe twin, per paired round (mean, 99.9% interval; &gt; 1: ours faster)</text>']
for t in (0, 0.5, 1, 1.5, 2):
    out.append(f'<line x1="{x(t)}" y1="{TOP - 8}" x2="{x(t)}" y2="{H - 30}" stroke="{"#333" if t == 1 else "#ddd"}"/>')
    out.append(f'<text x="{x(t)}" y="{H - 14}" text-anchor="middle">{t:g}</text>')
for i, (label, m, e, n) in enumerate(rows):
    y = TOP + i * ROW + ROW / 2
    colour = "#2a7" if m - e >= 1 else ("#c44" if m + e < 1 else "#888")
    out.append(f'<text x="{LABEL - 8}" y="{y + 4}" text-anchor="end">{label} ({n})</text>')
    out.append(f'<line x1="{x(m - e)}" y1="{y}" x2="{x(m + e)}" y2="{y}" stroke="{colour}" stroke-width="2"/>')
    out.append(f'<circle cx="{x(m)}" cy="{y}" r="4" fill="{colour}"/>')
    out.append(f'<text x="{x(hi) + 6}" y="{y + 4}">{m:.2f}</text>')
out.append("</svg>")
open(sys.argv[1], "w").write("\n".join(out) + "\n")
print(len(rows), "rows")
