"""python/setup.py stops with a message naming what is missing, rather than
with setuptools' "invalid command 'bdist_wheel'" (README's install runs it
through pip: python/README.md)."""

import subprocess
import sys

from conftest import SOURCE_DIR

# Runs setup.py as pip's metadata step would, in a Python whose `wheel` cannot
# be imported and whose setuptools is older than 70.1 (which has bdist_wheel
# built in): what a pyenv Python without `wheel` looks like.
WITHOUT_WHEEL = """
import importlib.abc, sys
class NoWheel(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == "wheel" or name.startswith("wheel."):
            raise ImportError("no wheel here")
sys.meta_path.insert(0, NoWheel())
sys.modules.pop("wheel", None)
import setuptools
setuptools.__version__ = "65.5.0"
sys.argv = ["setup.py", "--name"]
exec(compile(open("setup.py").read(), "setup.py", "exec"),
     {"__file__": "setup.py", "__name__": "__main__"})
"""


def test_missing_wheel_is_named_with_the_way_out():
    r = subprocess.run([sys.executable, "-c", WITHOUT_WHEEL], cwd=SOURCE_DIR / "python",
                       capture_output=True, text=True)
    assert r.returncode != 0
    assert "ddtb: building the package needs the Python package `wheel`" in r.stderr, r.stderr
    assert "/usr/bin/python3 -m venv --system-site-packages" in r.stderr
    assert "bdist_wheel" not in r.stderr


def test_with_wheel_setup_runs():
    r = subprocess.run([sys.executable, "setup.py", "--name"], cwd=SOURCE_DIR / "python",
                       capture_output=True, text=True)
    if r.returncode != 0 and "`wheel`" in r.stderr:
        import pytest
        pytest.skip(f"{sys.executable} has no wheel")
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip().splitlines()[-1] == "ddtb"
