"""Every error of the service answers the API with the status of what it means.

The errors are found, not listed: each subclass of ``GameError`` defined in
``games/``, after importing all of its modules, so a new error that subclasses
no meaning (or two) fails here.
"""

from __future__ import annotations

import importlib
import pkgutil

import pytest

import games
from games.api.errors import exception_handler
from games.errors import Conflict, Forbidden, GameError, NotFound, Refused, TooMany

STATUS_OF_MEANING: dict[type[GameError], int] = {
    Refused: 400,
    Forbidden: 403,
    NotFound: 404,
    Conflict: 409,
    TooMany: 429,
}


def _service_errors() -> list[type[GameError]]:
    for module in pkgutil.walk_packages(games.__path__, "games."):
        if ".migrations" not in module.name:
            importlib.import_module(module.name)
    found: list[type[GameError]] = []
    waiting = [GameError]
    while waiting:
        for subclass in waiting.pop().__subclasses__():
            waiting.append(subclass)
            if subclass.__module__.startswith("games.") and subclass not in STATUS_OF_MEANING:
                found.append(subclass)
    return sorted(set(found), key=lambda error: f"{error.__module__}.{error.__qualname__}")


SERVICE_ERRORS = _service_errors()


def test_it_finds_the_errors_of_every_area() -> None:
    names = {error.__name__ for error in SERVICE_ERRORS}
    assert {"StaleSeq", "ChatFlood", "NotLastOwnMove", "SeatGone", "NoVacationLeft"} <= names
    assert {"BadName", "BadOptions", "SignupClosed", "AddressBusy", "TooUnreliable"} <= names


@pytest.mark.parametrize("error", SERVICE_ERRORS, ids=lambda error: error.__name__)
def test_every_service_error_answers_with_the_status_of_its_one_meaning(
    error: type[GameError],
) -> None:
    meanings = [meaning for meaning in STATUS_OF_MEANING if issubclass(error, meaning)]
    assert len(meanings) == 1, f"{error.__name__} subclasses {meanings}, not one meaning"
    refusal = error.__new__(error)
    GameError.__init__(refusal, "the English detail")
    refusal.seq = 7  # type: ignore[attr-defined]  # read from StaleSeq only
    response = exception_handler(refusal, {})
    assert response is not None
    assert response.status_code == STATUS_OF_MEANING[meanings[0]]
    assert response.data["error"]["code"] == error.code != GameError.code
