"""Every script the pages load parses (a merge once left conflict markers in table_cue.js: the
table's cues died with a syntax error that no page test asserted on), and no tracked file holds
a merge's conflict markers."""

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.live import ROOT

SCRIPTS = sorted((ROOT / "static" / "js").rglob("*.js"))
MARKERS = ("<<<<<<< ", ">>>>>>> ")


@pytest.mark.skipif(shutil.which("node") is None, reason="node is needed (./dev installs npm)")
@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: str(path.relative_to(ROOT)))
def test_each_script_parses(script: Path, tmp_path):
    # As a module: the table's parts import each other, and a classic script parses as one too.
    module = tmp_path / f"{script.stem}.mjs"
    module.write_bytes(script.read_bytes())
    checked = subprocess.run(["node", "--check", str(module)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr


def test_no_tracked_file_holds_conflict_markers():
    tracked = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
    ).stdout.split(b"\0")
    marked = []
    for name in filter(None, tracked):
        path = ROOT / name.decode()
        if path.suffix in {".png", ".ico", ".zip", ".mo", ".woff2"} or not path.is_file():
            continue
        lines = path.read_bytes().decode("utf-8", "replace").splitlines()
        if any(line.startswith(MARKERS) for line in lines):
            marked.append(name.decode())
    assert marked == []
