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


def sample_addresses(surface, sampler, u, v=None, w=None, *, placement=None, line_bytes=64, **kw):
    """sample() with every texel read reported (texsim::sample_addresses; docs/memory-trace.md).

    Returns (texels, trace): trace is a dict of numpy arrays, the reads lane by lane
    (lane_start: n + 1 offsets; x, y, z, level, sample, address, bytes, lane), the message's
    distinct lines of line_bytes ("lines") and each lane's (lane_line_start, lane_lines).
    placement: a texsim.Placement (Scene.placement(id)); None: texsim's linear layout at 0."""
    return sample(surface, sampler, u, v, w, addresses=True, placement=placement,  # noqa: F405
                  line_bytes=line_bytes, **kw)


def fetch_addresses(surface, x, y=None, z=None, *, placement=None, line_bytes=64, **kw):
    """fetch() with every texel read reported: (texels, trace), or (texels, flags, trace) with
    flags=True; trace as sample_addresses'."""
    return fetch(surface, x, y, z, addresses=True, placement=placement,  # noqa: F405
                 line_bytes=line_bytes, **kw)
