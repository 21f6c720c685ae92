"""JSON text, read and written exactly as :func:`json.loads` and :func:`json.dumps` do by default.

The command line reads a record and prints its answer as JSON, and the games'
summaries sort strings by their JSON text. Importing :mod:`json` for that costs
more than the command line's whole start-up budget (it compiles six regular
expressions and builds pure-Python fallbacks that CPython never runs), so this
module calls ``_json``, the C accelerator that :mod:`json` itself runs on, with
:mod:`json`'s defaults. Only a text that is not one whole JSON document
imports :mod:`json`, which reads it again and raises its own error.
"""

from __future__ import annotations

from _json import encode_basestring_ascii as json_string  # json.dumps of a str, its JSON text
from _json import make_encoder, make_scanner
from types import SimpleNamespace  # loaded already under python -m (runpy imports it)

from engine.base import imported_on_first_use

TYPE_CHECKING = False
if TYPE_CHECKING:
    from json import JSONDecodeError
    from typing import Any, NoReturn

__all__ = ["JSONDecodeError", "dumps", "json_string", "loads"]

_WHITESPACE = " \t\n\r"
"""What :mod:`json` skips around a document."""
_CONSTANTS = {"-Infinity": float("-inf"), "Infinity": float("inf"), "NaN": float("nan")}

_DEFAULTS = SimpleNamespace(
    strict=True,
    object_hook=None,
    object_pairs_hook=None,
    parse_float=float,
    parse_int=int,
    parse_constant=_CONSTANTS.__getitem__,
)
"""What ``json.loads`` decodes with when given no options, read by ``make_scanner``: a
namespace, not a class, which would cost every replay more to create (issue 16)."""

_scan = make_scanner(_DEFAULTS)  # type: ignore[arg-type]  # a duck-typed context, as json's own


def loads(text: str) -> Any:
    """Return the value of the JSON document ``text``, or raise what ``json.loads(text)`` raises."""
    try:
        value, end = _scan(text, len(text) - len(text.lstrip(_WHITESPACE)))
    except Exception:  # no value where it starts, or what the scanner reports through json (below)
        pass
    else:
        if not text[end:].lstrip(_WHITESPACE):
            return value
    # Not one whole document: json reads it again and raises its own error. (CPython 3.11's
    # scanner raises json.JSONDecodeError only once json is imported, a SystemError before.)
    import json

    return json.loads(text)


def dumps(value: object) -> str:
    """Return the JSON text of ``value`` as ``json.dumps(value)`` writes it (ASCII, spaced)."""
    if isinstance(value, str):
        return json_string(value)
    # A new encoder each time, as json.dumps makes one: its circular-reference markers are its own.
    encode = make_encoder({}, _unserializable, json_string, None, ": ", ", ", False, False, True)
    return "".join(encode(value, 0))


def _unserializable(value: object) -> NoReturn:
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


# So that an ``except jsontext.JSONDecodeError`` clause imports json only once an error comes.
__getattr__ = imported_on_first_use(globals(), {"JSONDecodeError": "json"})
