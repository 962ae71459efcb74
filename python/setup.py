"""Builds the extension ddtb._ddtb with CMake from the ddtb source tree (the
parent of this folder): the library and the module, nothing else.

Environment: DDTB_CMAKE_ARGS adds CMake arguments (e.g. "-DDDTB_ARCH=native"),
CMAKE_BUILD_PARALLEL_LEVEL sets the build's jobs.

When something the build needs is missing, it stops saying what and how to
get it on Debian 12, rather than with the first tool's own error.
"""

import os
import pathlib
import shlex
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = pathlib.Path(__file__).resolve().parent
SOURCE = HERE.parent
DEBIAN = ("On Debian 12, `bash scripts/install-deps.sh` (as root) installs everything the "
          "build needs.")


def stop(message):
    sys.exit(f"ddtb: {message}")


def check_wheel():
    """pip builds a wheel through setuptools' bdist_wheel: the package `wheel`,
    or setuptools 70.1 or later, which has it. With --no-build-isolation pip
    fetches neither, and setuptools' own error ("invalid command
    'bdist_wheel'") does not say what is missing."""
    try:
        import wheel  # noqa: F401
        return
    except ImportError:
        pass
    import setuptools
    version = tuple(int(p) for p in setuptools.__version__.split(".")[:2] if p.isdigit())
    if version >= (70, 1):
        return
    stop(f"building the package needs the Python package `wheel`, which {sys.executable} "
         f"(Python {sys.version.split()[0]}, setuptools {setuptools.__version__}) does not have; "
         "pip's --no-build-isolation does not fetch it. Make the venv with Debian's Python, "
         "whose python3-wheel serves it: `/usr/bin/python3 -m venv --system-site-packages "
         "~/ddtb-venv` (python/README.md), or install `wheel` into this Python first.")


def run(args, what):
    try:
        subprocess.run(args, check=True)
    except FileNotFoundError:
        stop(f"{args[0]} is not on PATH. {DEBIAN}")
    except subprocess.CalledProcessError:
        stop(f"{what} failed (its messages are above). It needs cmake, a C++20 compiler "
             f"(g++ 12), Debian's pybind11-dev, the headers of {sys.executable} (for Debian's "
             "Python: python3-dev), libzstd-dev and libxxhash-dev. " + DEBIAN)


class CMakeExtension(Extension):
    def __init__(self, name):
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        if not (SOURCE / "CMakeLists.txt").exists():
            stop(f"the ddtb sources are not beside {HERE} (pip install ./python from the "
                 "repository's root, with --no-build-isolation)")
        build = pathlib.Path(self.build_temp).resolve() / "cmake"
        args = [
            "cmake", "-S", str(SOURCE), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release",
            "-DDDTB_BUILD_PYTHON=ON", "-DDDTB_BUILD_TESTS=OFF", "-DDDTB_BUILD_BENCH=OFF",
            "-DDDTB_BUILD_TOOLS=OFF", f"-DPython3_EXECUTABLE={sys.executable}",
        ]
        if shutil.which("ninja"):
            args += ["-G", "Ninja"]
        args += shlex.split(os.environ.get("DDTB_CMAKE_ARGS", ""))
        run(args, "configuring the build with CMake")
        run(["cmake", "--build", str(build), "--target", "ddtb_python"], "building the module")
        built = next((build / "python" / "ddtb").glob("_ddtb*.so"))
        target = pathlib.Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built, target)


check_wheel()
setup(ext_modules=[CMakeExtension("ddtb._ddtb")], cmdclass={"build_ext": CMakeBuild})
