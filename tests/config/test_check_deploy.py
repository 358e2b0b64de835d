"""`manage.py check --deploy` with the README's own production environment (issue 17: the README
said it reports no issues, and it gave W005 and W021)."""

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SECRET_KEY = "pq8-Zx0!vT3#mR7@kL2$wN9^bH4&cJ6*yF1(sD5)gA0_eU8+iO3=nK7%"


def readme_environment() -> dict[str, str]:
    """The variables the README's scale-out section exports."""
    section = (ROOT / "README.md").read_text().split("## Scale-out", 1)[1]
    exports = re.findall(r"^export (.+)$", section.split("```", 2)[1], flags=re.MULTILINE)
    pairs = [word.split("=", 1) for line in exports for word in shlex.split(line)]
    return dict(pairs)


def test_the_readmes_production_environment_passes_the_deploy_check(tmp_path):
    environment = readme_environment()
    assert {"DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "SECURE_HSTS_SECONDS"} <= set(environment)
    env = {
        **environment,
        "PATH": os.environ["PATH"],
        "VAR_DIR": str(tmp_path),
        "SECRET_KEY": SECRET_KEY,  # the README's is a placeholder
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "DEBUG"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout
