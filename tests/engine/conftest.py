"""The two Hypothesis profiles of the engine's property tests: ``ci`` and ``dev``.

``ci`` runs every property test with the number of examples it asks for;
``dev`` runs a tenth of them, never fewer than ten, for a quick run while
working. Each test asks for its number through :func:`random_play.examples`,
since a number given to ``@settings`` would override any profile.

``HYPOTHESIS_PROFILE`` names the profile. Without it a run uses ``ci`` where
the variable ``CI`` is set (CI sets ``CI=true``) and ``dev`` everywhere else.

``ci`` has the settings of Hypothesis's own profile of that name, which
Hypothesis loads by itself where ``CI`` is set; ``dev`` is Hypothesis's default
profile with 10 examples for a test that asks for no number. The profile holds
for the whole run: a property test elsewhere in the suite sees under ``ci``
what it sees on CI, and under ``dev`` what it would see without this file,
unless it asks for no number of examples.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

default = settings.get_profile("default")
settings.register_profile(
    "ci",
    default,
    derandomize=True,
    database=None,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", default, max_examples=10)
settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev")
)
