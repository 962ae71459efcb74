"""`pip install ./python --no-build-isolation` into a fresh venv with Debian's
packages (python3 -m venv --system-site-packages), then the installed module
solves the first golden deal. Builds the library again: minutes (label long)."""

import os
import pathlib
import subprocess
import sys
import tempfile

from conftest import SOURCE_DIR, read_golden


def test_pip_install_in_a_venv():
    deal = read_golden()[0]
    with tempfile.TemporaryDirectory() as tmp:
        venv = pathlib.Path(tmp) / "venv"
        subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)],
                       check=True)
        py = venv / "bin" / "python"
        env = dict(os.environ, CMAKE_BUILD_PARALLEL_LEVEL="2")
        env.pop("PYTHONPATH", None)  # the installed module, not the build tree's
        subprocess.run([str(py), "-m", "pip", "install", "--no-build-isolation", "--no-index",
                        str(SOURCE_DIR / "python")], check=True, env=env)
        out = subprocess.run(
            [str(py), "-c", "import ddtb, sys; print(ddtb.__file__); "
             f"print(ddtb.dd_table({deal.pbn!r}).to_list())"],
            check=True, capture_output=True, text=True, env=env, cwd=tmp).stdout.splitlines()
        assert out[0].startswith(str(venv))
        assert out[1] == str(deal.table)
