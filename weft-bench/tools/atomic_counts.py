#!/usr/bin/env python3
"""Static counts of the atomic-sets suite, as the thesis' Tables 6.1-6.3 report them.

For each program (lusearch, ledger) it compares the serial elision's shared classes (*Plain.java) with the
hand-written locked ones (*Sync.java) and the annotated ones (*Atomic.java): synchronized methods and blocks
against @AtomicSet / @Atomic / @AliasAtomicSet annotations, and the lines each changes relative to the serial
classes; and, in the program's driver, the lines the thread-pool and Weft versions add to the serial loop.
Comments, blank lines, imports and the class names that differ between versions are ignored.

Usage: weft-bench/tools/atomic_counts.py   (prints Markdown tables)
"""
import difflib
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, "..", "src", "main", "java", "dev", "weft", "bench", "atomic")
PROGRAMS = [("lusearch", "LuSearch"), ("ledger", "Ledger")]


def code_lines(text, rename=()):
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    out = []
    for line in text.splitlines():
        line = re.sub(r"//.*", "", line).strip()
        if not line or line.startswith("import ") or line.startswith("package "):
            continue
        for old in rename:
            line = line.replace(old, "V")
        out.append(line)
    return out


def read(name):
    with open(os.path.join(SRC, name + ".java")) as f:
        return f.read()


def changed(a, b):
    plus = minus = 0
    for d in difflib.ndiff(a, b):
        if d.startswith("+ "):
            plus += 1
        elif d.startswith("- "):
            minus += 1
    return plus, minus


def method_body(text, name):
    m = re.search(r"\b" + re.escape(name) + r"\([^)]*\)[^{;]*\{", text)
    if not m:
        raise SystemExit("no method " + name)
    i = m.end()
    depth = 1
    while depth:
        depth += {"{": 1, "}": -1}.get(text[i], 0)
        i += 1
    return code_lines(text[m.end():i - 1])


def main():
    rows = []
    for prog, prefix in PROGRAMS:
        names = [prefix + "Plain", prefix + "Sync", prefix + "Atomic"]
        plain, sync, atomic = (code_lines(read(n), names) for n in names)
        sync_src = "\n".join(code_lines(read(names[1])))
        atomic_src = "\n".join(code_lines(read(names[2])))
        syncs = len(re.findall(r"\bsynchronized\b", sync_src))
        sets = len(re.findall(r"@AtomicSet\b", atomic_src))
        atomics = len(re.findall(r"@Atomic\b(?!Set)", atomic_src))
        aliases = len(re.findall(r"@AliasAtomicSet\b", atomic_src))
        driver = read(prefix)
        serial = method_body(driver, "serial")
        threads = method_body(driver, "threads")
        weft = method_body(driver, "weftLocks")
        weft_atomic = method_body(driver, "weftAtomic")
        rows.append(dict(prog=prog, plain=len(plain), syncs=syncs, sets=sets, atomics=atomics, aliases=aliases,
                         sync_changed=changed(plain, sync), atomic_changed=changed(plain, atomic),
                         atomic_vs_sync=changed(sync, atomic), serial=len(serial),
                         threads=changed(serial, threads), weft=changed(serial, weft),
                         weft_atomic=changed(serial, weft_atomic)))

    print("Concurrency control (Table 6.3): hand-written locks vs atomic sets, on the shared classes")
    print()
    print("| program | shared classes, serial LOC | `synchronized` | lines changed (+/-) | @AtomicSet | @Atomic | @AliasAtomicSet | annotations | lines changed (+/-) | atomic vs synchronized (+/-) | annotations / syncs |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    tot = dict(syncs=0, ann=0)
    for r in rows:
        ann = r["sets"] + r["atomics"] + r["aliases"]
        tot["syncs"] += r["syncs"]
        tot["ann"] += ann
        print("| %s | %d | %d | +%d/-%d | %d | %d | %d | %d | +%d/-%d | +%d/-%d | %.2f |" % (
            r["prog"], r["plain"], r["syncs"], r["sync_changed"][0], r["sync_changed"][1], r["sets"], r["atomics"],
            r["aliases"], ann, r["atomic_changed"][0], r["atomic_changed"][1], r["atomic_vs_sync"][0],
            r["atomic_vs_sync"][1], ann / r["syncs"]))
    print("| total | | %d | | | | | %d | | | %.2f |" % (tot["syncs"], tot["ann"], tot["ann"] / tot["syncs"]))
    print()
    print("Expressing parallelism (Tables 6.1-6.2): lines each version's driver changes relative to the serial one")
    print()
    print("| program | serial driver LOC | thread pool (+/-) | Weft + synchronized (+/-) | Weft + atomic sets (+/-) |")
    print("| --- | --- | --- | --- | --- |")
    for r in rows:
        print("| %s | %d | +%d/-%d | +%d/-%d | +%d/-%d |" % (
            r["prog"], r["serial"], r["threads"][0], r["threads"][1], r["weft"][0], r["weft"][1],
            r["weft_atomic"][0], r["weft_atomic"][1]))


if __name__ == "__main__":
    main()
