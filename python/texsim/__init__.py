"""texsim: bit-accurate model of GPU texture sampling and surface loads (docs/library.md).

Surfaces from and to numpy arrays, sampler state, sample/fetch over numpy coordinate arrays,
scenes, and the vISA/SASS front ends (assemble, disassemble, check, run) with diagnostics as
objects. Failures raise texsim.Error, whose .diagnostics lists every problem.
"""
try:  # the lookups take and return numpy arrays: say so at import, not at the first sample()
    import numpy  # noqa: F401
except ImportError as e:  # pragma: no cover - exercised by tests/test_texsim.py in a subprocess
    raise ImportError("texsim needs numpy (Debian: python3-numpy; pip: numpy)") from e

from ._texsim import *  # noqa: F401,F403
from ._texsim import __version__, version  # noqa: F401
