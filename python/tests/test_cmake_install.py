"""The CMake way to install the module next to the library: `cmake --install`
of this build tree into a fresh prefix, then the module imported from the
prefix (not the build tree) solves the first golden deal (tests/data/golden)."""

import os
import pathlib
import subprocess
import sys
import tempfile

from conftest import read_golden


def test_cmake_install_puts_an_importable_module_next_to_the_library():
    build = os.environ["DDTB_BUILD_DIR"]
    package_dir = os.environ["DDTB_PYTHON_INSTALL_DIR"]
    deal = read_golden()[0]
    with tempfile.TemporaryDirectory() as tmp:
        prefix = pathlib.Path(tmp) / "prefix"
        subprocess.run(["cmake", "--install", build, "--prefix", str(prefix)], check=True,
                       stdout=subprocess.DEVNULL)
        site = prefix / package_dir
        assert (site / "ddtb" / "__init__.pyi").is_file()
        env = dict(os.environ, PYTHONPATH=str(site))
        out = subprocess.run(
            [sys.executable, "-c", "import ddtb; print(ddtb.__file__); "
             f"print(ddtb.dd_table({deal.pbn!r}).to_list())"],
            check=True, capture_output=True, text=True, env=env, cwd=tmp).stdout.splitlines()
        assert out[0].startswith(str(site))
        assert out[1] == str(deal.table)
