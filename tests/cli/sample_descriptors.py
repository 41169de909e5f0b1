#!/usr/bin/env python3
"""`texsim sample --descriptors` (issue 27): requests name texture header / sampler pool entries
(SASS) or surface / sampler states (vISA). For each scene, `texsim place` rewrites its surfaces as
the hardware's descriptors over GPU memory; random requests over every descriptor index then give
the same results on the JSON scene and on the placed one. A header viewing levels 1.. of a
surface answers as the surface's level 1 and reports the addresses of level 1 (--addresses).
usage: sample_descriptors.py TEXSIM SOURCE_DIR WORK_DIR"""
import json
import random
import subprocess
import sys
from pathlib import Path


def run(cmd, **kw):
    p = subprocess.run(cmd, capture_output=True, text=True, **kw)
    return p.returncode, p.stdout, p.stderr


def ids(scene):
    """(surface indices, sampler indices) the program's instructions name."""
    if scene.get("isa") == "sass":
        heads = scene["texture_headers"]["entries"]
        samps = scene.get("texture_samplers", {}).get("entries", {})
        return sorted(int(k) for k in heads), sorted(int(k) for k in samps)
    surf = [s["id"] for s in scene.get("surfaces", [])]
    samp = [s["id"] for s in scene.get("samplers", [])]
    return surf, samp


def requests(rng, surfaces, samplers, n):
    out = []
    for i in range(n):
        s = rng.choice(surfaces)
        op = rng.choice(["level", "fetch", "gather", "grad"] if samplers else ["fetch"])
        r = {"op": op, "surface": s, "id": i}
        if op == "fetch":
            r["coord"] = [rng.randint(-1, 4), rng.randint(-1, 4)]
            r["level"] = rng.randint(0, 2)
        else:
            r["sampler"] = rng.choice(samplers)
            r["coord"] = [rng.randint(-64, 320) / 256, rng.randint(-64, 320) / 256]
            if op == "level":
                r["lod"] = rng.randint(0, 768) / 256
            if op == "grad":
                r["ddx"] = [rng.randint(0, 512) / 256, 0]
                r["ddy"] = [0, rng.randint(0, 512) / 256]
            if op == "gather":
                r["component"] = rng.randint(0, 3)
            r["reference"] = 0.5
        out.append(json.dumps(r))
    return "\n".join(out) + "\n"


def sample(texsim, scene, reqs, extra=()):
    return run([texsim, "sample", "-q", "--scene", str(scene), "--requests", "-", "--descriptors",
                *extra], input=reqs)


def main():
    texsim, src, work = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3])
    work.mkdir(parents=True, exist_ok=True)
    rng = random.Random(27)
    failures = 0
    scenes = [("examples/sass/texs-demo.json", ""), ("examples/sass/tlds-demo.json", ""),
              ("examples/visa/sample_unorm.json", ""), ("examples/visa/media_ld.json", ""),
              ("examples/visa/sample_unorm.json", "DG2"), ("examples/visa/media_ld.json", "PVC")]
    for name, platform in scenes:
        path = src / name
        if platform:  # the same scene on another platform (Tile4 on DG2 and PVC)
            scene = json.loads(path.read_text())
            scene["platform"] = platform
            path = work / (Path(name).stem + "-" + platform + ".json")
            path.write_text(json.dumps(scene))
        placed = work / (path.stem + ".placed.json")
        rc, _, err = run([texsim, "place", "-q", str(path), "-o", str(placed)])
        if rc != 0:
            print("FAIL place %s: %s" % (name, err))
            failures += 1
            continue
        surfaces, samplers = ids(json.loads(path.read_text()))
        reqs = requests(rng, surfaces, samplers, 400)
        a, b = sample(texsim, path, reqs), sample(texsim, placed, reqs)
        answered = sum(1 for line in a[1].splitlines() if '"bits"' in line)
        if a[1] != b[1] or a[0] != b[0] or answered < 200:
            print("FAIL %s: JSON scene and placed scene differ (exit %d/%d, %d answered)"
                  % (name, a[0], b[0], answered))
            failures += 1
        else:
            print("%s %s: 400 requests over %d surfaces and %d samplers, %d answered, identical"
                  " on the placed scene" % (name, platform, len(surfaces), len(samplers),
                                            answered))
    failures += level_view(texsim, src, work)
    failures += refusals(texsim, src)
    return 1 if failures else 0


def level_view(texsim, src, work):
    """Header 7 views levels 1.. of header 3's surface: its level 0 is the surface's level 1."""
    scene = json.loads((src / "examples/sass/tlds-demo.json").read_text())
    surface = scene["texture_headers"]["entries"]["3"]["surface"]
    scene["texture_headers"]["entries"]["7"] = {"surface": surface, "min_level": 1, "max_level": 1}
    scene["texture_headers"]["max_index"] = max(scene["texture_headers"]["max_index"], 8)
    path = work / "level-view.json"
    path.write_text(json.dumps(scene))
    placed = work / "level-view.placed.json"
    rc, _, err = run([texsim, "place", "-q", str(path), "-o", str(placed)])
    if rc != 0:
        print("FAIL place level-view: " + err)
        return 1
    bad = 0
    for x, y in [(0, 0), (1, 0), (0, 1), (1, 1)]:
        whole = '{"op":"fetch","surface":3,"coord":[%d,%d],"level":1}\n' % (x, y)
        view = '{"op":"fetch","surface":7,"coord":[%d,%d],"level":0}\n' % (x, y)
        for scene_file in (path, placed):
            if sample(texsim, scene_file, whole)[1] != sample(texsim, scene_file, view)[1]:
                print("FAIL level view (%d,%d) on %s" % (x, y, scene_file.name))
                bad += 1
        wa = json.loads(sample(texsim, placed, whole, ["--addresses"])[1])
        va = json.loads(sample(texsim, placed, view, ["--addresses"])[1])
        if wa.get("texels") != va.get("texels") or not wa.get("texels"):
            print("FAIL level view addresses (%d,%d): %s against %s" % (x, y, wa, va))
            bad += 1
        elif any(t["level"] != 1 for t in va["texels"]):
            print("FAIL level view: reads not of the memory surface's level 1: %s" % va)
            bad += 1
    if not bad:
        print("level view: header min_level 1 reads the surface's level 1, addresses included")
    return bad


def refusals(texsim, src):
    """An index the scene does not give is an error naming --descriptors."""
    rc, out, err = sample(texsim, src / "examples/sass/texs-demo.json",
                          '{"op":"fetch","surface":9,"coord":[0,0]}\n')
    if rc != 1 or "no surface descriptor 9 (--descriptors)" not in out + err:
        print("FAIL refusal: exit %d, %s %s" % (rc, out, err))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
