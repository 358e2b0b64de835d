import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_deploy_check_finds_nothing_with_production_values(tmp_path):
    env = {
        "PATH": os.environ["PATH"],
        "VAR_DIR": str(tmp_path),
        "DEBUG": "0",
        "SECRET_KEY": "pq8-Zx0!vT3#mR7@kL2$wN9^bH4&cJ6*yF1(sD5)gA0_eU8+iO3=nK7%",
        "ALLOWED_HOSTS": "taash.example",
        "CSRF_TRUSTED_ORIGINS": "https://taash.example",
        "SECURE_SSL_REDIRECT": "1",
        "SECURE_HSTS_SECONDS": "31536000",
        "SECURE_HSTS_INCLUDE_SUBDOMAINS": "1",
        "SECURE_HSTS_PRELOAD": "1",
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
