# The tables of docs/peers.md from the launches of peers.sh: for every queue, ours over each other
# edition of the same row, paired by round (the mean of the per-round ratios with its 99.9%
# Student-t interval, as ratio.py --paired), and for the two-thread phases each edition's launches
# split into a fast and a slow regime (regimes(): the widest step between sorted launch means, kept
# if the two sides differ 1.5 times or more).
# usage: peers.py OUT_DIR [JDK label [--summary]]
#   OUT_DIR holds peers.sh's base/, base-batch/, tpt/, batch/, stpar/, old/, gc-*/ (a folder of
#   launches per row, or the one JSON file ratio.py --merge packs it into); --summary prints one
#   line per queue instead of the full tables.
#        peers.py --pack OUT_DIR PACKED_DIR   (each row in one JSON file, trimmed to what it reads)
import glob, json, math, os, statistics as st, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ratio import launches, tq  # noqa: E402

PEERS = [("JCToolsVH.", "VarHandle"), ("JCToolsAtomic.", "Atomic"), ("JCTools.", "Unsafe")]


def found(row):
    """{"ROUND-QTYPE": JMH results} of one row's launches: a folder or a packed file"""
    if not os.path.isdir(row):
        return launches(row)
    out = {}
    for f in glob.glob(os.path.join(row, "*.json")):
        try:
            out[os.path.basename(f)[:-5]] = json.load(open(f))
        except ValueError:
            pass  # a launch still running (or killed): its file is empty
    return out


def load(row):
    """{(round, qType, benchmark method, batchSize or None): score} of one row: a folder of
    rounds.sh's launches, or the one JSON file ratio.py --merge packs it into"""
    out = {}
    for name, results in found(row).items():
        rnd, q = name.split("-", 1)
        for b in results:
            method = b["benchmark"].rsplit(".", 1)[1]
            size = b["params"].get("batchSize")
            if method in ("tpt", "tptRelaxed", "batch"):
                score = b["secondaryMetrics"]["pollsMade"]["score"]
            else:
                score = b["primaryMetric"]["score"]
            out[(int(rnd), q, method, size)] = score
    return out


def paired(data, a, b, method, size=None):
    rounds = sorted({k[0] for k in data if k[1] == a and k[2] == method and k[3] == size}
                    & {k[0] for k in data if k[1] == b and k[2] == method and k[3] == size})
    r = [data[(i, a, method, size)] / data[(i, b, method, size)] for i in rounds]
    if len(r) < 2:
        return None
    return st.mean(r), tq(len(r)) * st.stdev(r) / math.sqrt(len(r)), len(r), sum(x < 1 for x in r)


def scores(data, q, method, size=None):
    return [v for k, v in sorted(data.items()) if k[1] == q and k[2] == method and k[3] == size]


def regimes(xs, gap=1.5):
    s = sorted(xs)
    split, w = 0, 1
    for i in range(1, len(s)):
        if s[i - 1] > 0 and s[i] / s[i - 1] > w:
            w, split = s[i] / s[i - 1], i
    if split == 0 or st.mean(s[split:]) < gap * st.mean(s[:split]):
        split = 0
    return len(s) - split, split


def cell(p):
    if p is None:
        return "–"
    m, e, n, behind = p
    mark = "**" if m - e > 1 else ("_" if m + e < 1 else "")
    return f"{mark}{m:.2f} ± {e:.2f}{mark}"


def queues(phase_dir):
    """The rows of a phase: folders, or packed .json files (named after the queue)."""
    if not os.path.isdir(phase_dir):
        return []
    return sorted(n[:-5] if n.endswith(".json") else n for n in os.listdir(phase_dir))


def row_path(d, q):
    return os.path.join(d, q) if os.path.isdir(os.path.join(d, q)) else os.path.join(d, q + ".json")


def load_row(out, phase, q):
    """One row of a phase; where peers.sh's "<phase>-batch" phase ran the batch benchmarks of the
    row again, its launches replace the phase's for those benchmarks"""
    data = {}
    for p in (phase, phase + "-batch"):
        d = os.path.join(out, p)
        if q in queues(d):
            again = load(row_path(d, q))
            redone = {k[2] for k in again}
            data = {k: v for k, v in data.items() if k[2] not in redone}
            data.update(again)
    return data


def others(data, q):
    present = {k[1] for k in data}
    row = [(p + q, name) for p, name in PEERS if p + q in present]
    row += [(x, x) for x in sorted(present) if x.startswith(("Agrona.", "JDK."))]
    return row


def one_thread(out, phase, methods, title):
    d = os.path.join(out, phase)
    rows = sorted(set(queues(d)) | set(queues(d + "-batch")))
    if not rows:
        return
    print(f"### {title}\n")
    print("Score: ours, operations per µs (higher is better). Other columns: ours / that queue, mean of the "
          "per-round ratios ± the half-width of its 99.9% interval (rounds in the last column); "
          "**bold**: the whole interval above 1, _italic_: below 1.\n")
    for q in rows:
        data = load_row(out, phase, q)
        row = others(data, q)
        print(f"`{q}`\n")
        print("| benchmark | ours | " + " | ".join(name for _, name in row) + " | rounds |")
        print("|---|---|" + "---|" * len(row) + "---|")
        for m in methods:
            ours = scores(data, q, m)
            if not ours:
                continue
            cells = [paired(data, q, other, m) for other, _ in row]
            n = max((c[2] for c in cells if c), default=0)
            print(f"| {m} | {st.mean(ours):.0f} | " + " | ".join(cell(c) for c in cells) + f" | {n} |")
        print()


def two_threads(out, phase, groups, title, sizes=(None,)):
    d = os.path.join(out, phase)
    if not queues(d):
        return
    print(f"### {title}\n")
    print("Elements taken per µs (pollsMade), one producer and one consumer thread. Ratios as above; "
          "\"fast/slow\": how many launches of ours and of each other queue settled in a fast and a slow "
          "regime (a slow count of 0 means one regime).\n")
    for q in queues(d):
        data = load(row_path(d, q))
        row = others(data, q)
        print(f"`{q}`\n")
        print("| loop | ours (fast/slow) | " + " | ".join(f"{name} (fast/slow)" for _, name in row)
              + " | " + " | ".join(f"ours / {name}" for _, name in row) + " | launches |")
        print("|---|---|" + "---|" * (2 * len(row)) + "---|")
        for g in groups:
            for size in sizes:
                ours = scores(data, q, g, size)
                if not ours:
                    continue
                label = g if size is None else f"{g} {size}"
                fs = lambda xs: "%.0f (%d/%d)" % ((st.mean(xs),) + regimes(xs)) if xs else "–"
                cells = [paired(data, q, other, g, size) for other, _ in row]
                n = max((c[2] for c in cells if c), default=0)
                print(f"| {label} | {fs(ours)} | " + " | ".join(fs(scores(data, o, g, size)) for o, _ in row)
                      + " | " + " | ".join(cell(c) for c in cells) + f" | {n} |")
        print()


def summary(out, label):
    """One line per queue: ours over each peer for offer+poll, and over the Unsafe twin for the
    one-thread batches and, where measured, 1P1C"""
    base = os.path.join(out, "base")
    rows = sorted(set(queues(base)) | set(queues(base + "-batch")))
    if not rows:
        return
    print(f"| Queue ({label}) | offerAndPoll / VarHandle | / Atomic | / Unsafe | fillAndDrain 32 / Unsafe "
          "| 256 / Unsafe | waiting / Unsafe | 1P1C strict / Unsafe | 1P1C relaxed / Unsafe |")
    print("|---|---|---|---|---|---|---|---|---|")
    tpt = os.path.join(out, "tpt")
    for q in rows:
        data = load_row(out, "base", q)
        cells = [paired(data, q, p + q, "offerAndPoll") for p, _ in PEERS]
        cells += [paired(data, q, "JCTools." + q, m)
                  for m in ("fillAndDrain", "fillAndDrain256", "fillAndDrainWaiting")]
        if q in queues(tpt):
            t = load(row_path(tpt, q))
            cells += [paired(t, q, "JCTools." + q, m) for m in ("tpt", "tptRelaxed")]
        else:
            cells += [None, None]
        print(f"| `{q}` | " + " | ".join(cell(c) for c in cells) + " |")
    print()


def pack(src, dst):
    """Every row of every phase under src as one JSON file under dst, keeping what these tables
    read and what says how each launch ran (JVM, options, warm-up and measurement settings)"""
    keep = ("benchmark", "mode", "threads", "forks", "jvm", "jvmArgs", "jdkVersion", "vmVersion",
            "warmupIterations", "warmupTime", "measurementIterations", "measurementTime", "params")
    for phase in sorted(os.listdir(src)):
        for q in queues(os.path.join(src, phase)):
            slim = {}
            for name, results in sorted(found(row_path(os.path.join(src, phase), q)).items()):
                slim[name] = [dict({k: b[k] for k in keep if k in b},
                                   primaryMetric={k: b["primaryMetric"][k] for k in ("score", "scoreError", "scoreUnit")},
                                   secondaryMetrics={m: {"score": v["score"]} for m, v in b["secondaryMetrics"].items()
                                                     if m in ("pollsMade", "offersMade", "pollsFailed", "offersFailed")})
                              for b in results]
            os.makedirs(os.path.join(dst, phase), exist_ok=True)
            json.dump(slim, open(os.path.join(dst, phase, q + ".json"), "w"), separators=(",", ":"))


def main():
    if sys.argv[1] == "--pack":
        pack(sys.argv[2], sys.argv[3])
        return
    out = sys.argv[1]
    label = sys.argv[2] if len(sys.argv) > 2 else os.path.basename(out.rstrip("/"))
    if len(sys.argv) > 3 and sys.argv[3] == "--summary":
        summary(out, label)
        return
    print(f"## {label}\n")
    one_thread(out, "base", ["offerAndPoll", "offerAndPollRun", "fillAndDrain", "fillAndDrain256",
                             "fillAndDrainWaiting"], "One thread (QueueBaseline)")
    one_thread(out, "stpar", ["fillAndDrain", "fillAndDrain256", "fillAndDrainWaiting"],
               "One thread, batches, ParallelGC (QueueBaseline)")
    one_thread(out, "old", ["offerAndPoll", "fillAndDrain", "fillAndDrain256", "fillAndDrainWaiting"],
               "One thread, G1, the queue in the old generation (QueueBaseline with -gc true)")
    two_threads(out, "tpt", ["tpt", "tptRelaxed"], "1P1C (QueueThroughput)")
    two_threads(out, "batch", ["batch"], "1P1C batches (QueueBatchThroughput)", sizes=("32", "256"))
    for gc in sorted(glob.glob(os.path.join(out, "gc-*"))):
        name = os.path.basename(gc)[3:]
        two_threads(out, os.path.basename(gc), ["tpt", "tptRelaxed"], f"1P1C with -XX:+Use{name}")


if __name__ == "__main__":
    main()
