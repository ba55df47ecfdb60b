"""Computed diagnosis for build.missing-header: which system / conda package provides the missing header."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# header (exact, or a directory prefix ending in '/') -> (apt, dnf / brew, conda-forge, what)
_TABLE: tuple[tuple[str, str, str, str, str], ...] = (
    ("Python.h", "python3-dev (python3.X-dev for your version)", "python3-devel", "python (conda Pythons ship their headers)", "the headers of the Python interpreter itself"),
    ("pyconfig.h", "python3-dev (python3.X-dev)", "python3-devel", "python", "the Python interpreter's headers"),
    ("portaudio.h", "portaudio19-dev", "portaudio-devel / brew install portaudio", "portaudio", "PortAudio (needed by PyAudio, sounddevice builds)"),
    ("sndfile.h", "libsndfile1-dev", "libsndfile-devel / brew install libsndfile", "libsndfile", "libsndfile"),
    ("ffi.h", "libffi-dev", "libffi-devel", "libffi", "libffi (cffi, cryptography builds)"),
    ("openssl/", "libssl-dev", "openssl-devel / brew install openssl", "openssl", "OpenSSL"),
    ("zlib.h", "zlib1g-dev", "zlib-devel", "zlib", "zlib"),
    ("sqlite3.h", "libsqlite3-dev", "sqlite-devel", "sqlite", "SQLite"),
    ("hdf5.h", "libhdf5-dev (set HDF5_DIR if it lives elsewhere)", "hdf5-devel / brew install hdf5", "hdf5 (or conda install h5py)", "HDF5 (h5py, tables, netCDF4 builds)"),
    ("H5public.h", "libhdf5-dev", "hdf5-devel / brew install hdf5", "hdf5", "HDF5"),
    ("lzma.h", "liblzma-dev", "xz-devel", "xz", "liblzma"),
    ("bzlib.h", "libbz2-dev", "bzip2-devel", "bzip2", "libbz2"),
    ("gdal.h", "libgdal-dev (and pip install GDAL==$(gdal-config --version))", "gdal-devel / brew install gdal", "gdal (or conda install gdal)", "GDAL"),
    ("cpl_port.h", "libgdal-dev", "gdal-devel", "gdal", "GDAL"),
    ("ogr_api.h", "libgdal-dev", "gdal-devel", "gdal", "GDAL"),
    ("proj.h", "libproj-dev", "proj-devel", "proj", "PROJ"),
    ("geos_c.h", "libgeos-dev", "geos-devel", "geos", "GEOS"),
    ("GL/gl.h", "libgl1-mesa-dev (mesa-common-dev)", "mesa-libGL-devel", "libgl-devel / mesalib", "OpenGL (Mesa)"),
    ("GL/glu.h", "libglu1-mesa-dev", "mesa-libGLU-devel", "libglu", "GLU"),
    ("GL/osmesa.h", "libosmesa6-dev", "mesa-libOSMesa-devel", "mesalib", "OSMesa"),
    ("GL/glew.h", "libglew-dev", "glew-devel", "glew", "GLEW"),
    ("EGL/egl.h", "libegl1-mesa-dev (libegl-dev)", "mesa-libEGL-devel", "libegl-devel", "EGL"),
    ("ta-lib/", "the TA-Lib C library (build ta-lib 0.4/0.6 from source, or its .deb release)", "brew install ta-lib", "ta-lib (conda-forge, includes the Python wrapper)", "the TA-Lib C library"),
    ("ta_libc.h", "the TA-Lib C library", "brew install ta-lib", "ta-lib", "the TA-Lib C library"),
    ("cuda_runtime.h", "the CUDA toolkit (cuda-toolkit-XX-Y; set CUDA_HOME)", "cuda-toolkit", "cuda-toolkit (nvidia channel) / cuda-cudart-dev", "the CUDA runtime"),
    ("cudnn.h", "libcudnn8-dev / libcudnn9-dev-cuda-12", "libcudnn-devel", "cudnn", "cuDNN"),
    ("pybind11/", "pybind11-dev (or pip install pybind11 and build with --no-build-isolation)", "pybind11-devel", "pybind11", "pybind11"),
    ("Eigen/", "libeigen3-dev", "eigen3-devel / brew install eigen", "eigen", "Eigen"),
    ("eigen3/", "libeigen3-dev", "eigen3-devel / brew install eigen", "eigen", "Eigen"),
    ("boost/", "libboost-dev (libboost-all-dev)", "boost-devel / brew install boost", "boost-cpp", "Boost"),
    ("opencv2/", "libopencv-dev", "opencv-devel / brew install opencv", "opencv", "OpenCV C++"),
    ("libxml/", "libxml2-dev", "libxml2-devel", "libxml2", "libxml2 (lxml builds)"),
    ("libxslt/", "libxslt1-dev", "libxslt-devel", "libxslt", "libxslt"),
    ("mpi.h", "libopenmpi-dev (or libmpich-dev)", "openmpi-devel / brew install open-mpi", "openmpi / mpich", "an MPI implementation (mpi4py, h5py-mpi builds)"),
    ("omp.h", "libomp-dev (clang)", "brew install libomp", "llvm-openmp", "OpenMP (for clang)"),
    ("cblas.h", "libopenblas-dev", "openblas-devel / brew install openblas", "openblas", "a CBLAS (OpenBLAS)"),
    ("lapacke.h", "liblapacke-dev", "lapack-devel", "lapack", "LAPACKE"),
    ("png.h", "libpng-dev", "libpng-devel", "libpng", "libpng"),
    ("jpeglib.h", "libjpeg-dev", "libjpeg-turbo-devel", "libjpeg-turbo", "libjpeg"),
    ("ft2build.h", "libfreetype6-dev", "freetype-devel", "freetype", "FreeType"),
    ("X11/", "libx11-dev", "libX11-devel", "xorg-libx11", "Xlib"),
    ("alsa/", "libasound2-dev", "alsa-lib-devel", "alsa-lib", "ALSA"),
    ("libavcodec/", "libavcodec-dev libavformat-dev libavutil-dev libswscale-dev (or libavdevice-dev)", "ffmpeg-devel / brew install ffmpeg", "ffmpeg", "FFmpeg"),
    ("libavformat/", "libavformat-dev", "ffmpeg-devel / brew install ffmpeg", "ffmpeg", "FFmpeg"),
    ("mysql.h", "default-libmysqlclient-dev", "mysql-devel / brew install mysql-client", "mysqlclient", "the MySQL client library"),
    ("pg_config.h", "libpq-dev", "libpq-devel / brew install libpq", "libpq", "PostgreSQL's libpq"),
    ("libpq-fe.h", "libpq-dev", "libpq-devel / brew install libpq", "libpq", "PostgreSQL's libpq"),
    ("sql.h", "unixodbc-dev", "unixODBC-devel", "unixodbc", "unixODBC (pyodbc)"),
    ("cairo.h", "libcairo2-dev", "cairo-devel / brew install cairo", "cairo", "cairo"),
    ("snappy-c.h", "libsnappy-dev", "snappy-devel", "snappy", "Snappy"),
    ("krb5.h", "libkrb5-dev", "krb5-devel", "krb5", "Kerberos"),
    ("ncurses.h", "libncurses-dev", "ncurses-devel", "ncurses", "ncurses"),
    ("readline/", "libreadline-dev", "readline-devel", "readline", "GNU readline"),
    ("fftw3.h", "libfftw3-dev", "fftw-devel", "fftw", "FFTW"),
    ("gmp.h", "libgmp-dev", "gmp-devel", "gmp", "GMP"),
    ("yaml.h", "libyaml-dev", "libyaml-devel", "yaml", "libyaml"),
    ("numpy/", "numpy in the build environment (pip install numpy, then pip install --no-build-isolation <package>)", "", "numpy", "NumPy's C headers"),
)


def _lookup(header: str) -> tuple[str, str, str, str] | None:
    h = header.replace("\\", "/").lstrip("./")
    base = h.rsplit("/", 1)[-1]
    for key, apt, other, conda, what in _TABLE:
        if key.endswith("/"):
            if h.startswith(key) or f"/{key}" in f"/{h}":
                return apt, other, conda, what
        elif h == key or base == key:
            return apt, other, conda, what
    return None


def _own_header(header: str, src: str) -> bool:
    """A header whose name shares a word (4+ letters) with the including source file: roi_pooling_cuda.c -> cuda/roi_pooling_kernel.h."""
    if not src:
        return False
    def words(x: str) -> set[str]:
        base = x.replace("\\", "/").rsplit("/", 1)[-1].rsplit(".", 1)[0]
        return {w for w in base.lower().split("_") if len(w) >= 4 and w not in {"cuda", "kernel", "impl", "utils", "common"}}
    return bool(words(header) & words(src))


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    header = str(facts.get("header") or "").strip()
    if not header:
        return None
    hit = _lookup(header)
    src = str(facts.get("source_file") or "").strip()
    where = f" (included from {src})" if src else ""
    if hit:
        apt, other, conda, what = hit
        provider = apt.split(" (")[0]
        text = (f"{header} is a header of {what}{where}; the compiler found no such file on its include path. "
                f"The package is being built from source and its C/C++ code needs those development headers.")
        fix = [f"Debian/Ubuntu: sudo apt-get install {apt}"]
        if other:
            fix.append(f"Fedora/RHEL or macOS: {other}")
        fix.append(f"conda: conda install -c conda-forge {conda}  (then pip install inside that env, or take the whole package from conda-forge)")
        fix.append("Or avoid the build: install a wheel for this Python/platform (pip install --only-binary :all: <package>, or another Python version).")
        derived = {"provider": provider, "conda": conda}
    elif _own_header(header, src):
        text = (f"{header}{where} is one of the project's own headers (its name matches the source file that includes it), "
                "not a system library: the checkout lacks it (a file missing at this commit, a generated header not "
                "produced, or a build script run from the wrong directory).")
        fix = ["Update the checkout (git pull; git status to see missing files) or take the header from the upstream repository at the same commit.",
               "Run the project's build script from the directory its README names, so relative include paths resolve.",
               "If the header is generated (by a previous make step or nvcc pass), run that step first and check its errors."]
        derived = {"provider": "the project itself (missing or ungenerated source file)", "conda": "not applicable"}
    else:
        stem = header.replace("\\", "/").rsplit("/", 1)[-1].rsplit(".", 1)[0]
        text = (f"{header}{where} is not on the compiler's include path: the C library it belongs to, or its development "
                "package, is not installed, or it sits in a prefix the build does not search.")
        fix = [f"Find the package that ships it: apt-file search {header} (Debian/Ubuntu) or dnf provides '*/{header}'; install its -dev/-devel package.",
               f"If it is installed elsewhere: CFLAGS=-I<prefix>/include LDFLAGS=-L<prefix>/lib pip install <package>.",
               "Or install a wheel / the conda-forge package instead of building from source."]
        derived = {"provider": f"the -dev package of the library providing {header} (e.g. lib{stem}-dev)", "conda": "the conda-forge package of that library"}
    return Explanation(text=text, fix=tuple(fix), derived=derived)
