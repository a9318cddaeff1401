#!/usr/bin/env python3
"""Fails when Cargo.toml's rust-version is older than what a locked normal dependency needs.

The normal dependencies are those reachable from sepax through `normal` edges of the resolved
graph (`cargo metadata`): what `cargo install` builds. Dev and build dependencies are not counted.
"""
import json
import subprocess
import sys


def version(text):
    """A rust-version such as "1.89" or "1.88.0" as a comparable tuple of three numbers."""
    parts = [int(p) for p in text.split(".")]
    return tuple(parts + [0] * (3 - len(parts)))


def main():
    meta = json.loads(
        subprocess.run(
            ["cargo", "metadata", "--format-version", "1", "--locked"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    )
    packages = {p["id"]: p for p in meta["packages"]}
    nodes = {n["id"]: n for n in meta["resolve"]["nodes"]}
    root = meta["resolve"]["root"]
    declared = packages[root].get("rust_version")
    if not declared:
        sys.exit("Cargo.toml declares no rust-version")
    seen, todo = {root}, [root]
    while todo:
        for dep in nodes[todo.pop()]["deps"]:
            normal = any(k["kind"] is None for k in dep["dep_kinds"])
            if normal and dep["pkg"] not in seen:
                seen.add(dep["pkg"])
                todo.append(dep["pkg"])
    needs = sorted(
        (version(packages[i]["rust_version"]), packages[i]["name"], packages[i]["version"])
        for i in seen - {root}
        if packages[i].get("rust_version")
    )
    if needs and needs[-1][0] > version(declared):
        newest = needs[-1]
        sys.exit(
            f"Cargo.toml says rust-version = \"{declared}\" but {newest[1]} {newest[2]} "
            f"needs {'.'.join(map(str, newest[0]))}"
        )
    print(f"rust-version {declared} covers {len(seen) - 1} normal dependencies")


main()
