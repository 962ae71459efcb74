"""Builds the extension ddtb._ddtb with CMake from the ddtb source tree (the
parent of this folder): the library and the module, nothing else.

Environment: DDTB_CMAKE_ARGS adds CMake arguments (e.g. "-DDDTB_ARCH=native"),
CMAKE_BUILD_PARALLEL_LEVEL sets the build's jobs.
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


class CMakeExtension(Extension):
    def __init__(self, name):
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        if not (SOURCE / "CMakeLists.txt").exists():
            sys.exit(f"ddtb: the ddtb sources are not beside {HERE} (pip install ./python from "
                     "the repository's root, with --no-build-isolation)")
        build = pathlib.Path(self.build_temp).resolve() / "cmake"
        args = [
            "cmake", "-S", str(SOURCE), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release",
            "-DDDTB_BUILD_PYTHON=ON", "-DDDTB_BUILD_TESTS=OFF", "-DDDTB_BUILD_BENCH=OFF",
            "-DDDTB_BUILD_TOOLS=OFF", f"-DPython3_EXECUTABLE={sys.executable}",
        ]
        if shutil.which("ninja"):
            args += ["-G", "Ninja"]
        args += shlex.split(os.environ.get("DDTB_CMAKE_ARGS", ""))
        subprocess.run(args, check=True)
        subprocess.run(["cmake", "--build", str(build), "--target", "ddtb_python"], check=True)
        built = next((build / "python" / "ddtb").glob("_ddtb*.so"))
        target = pathlib.Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built, target)


setup(ext_modules=[CMakeExtension("ddtb._ddtb")], cmdclass={"build_ext": CMakeBuild})
