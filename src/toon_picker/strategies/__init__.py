"""Hypothesis strategies for fuzzing dot-flatteners, unflatteners and pickers.

Install the optional extra (``pip install ".[strategies]"`` in a checkout: toon-picker is
not on PyPI yet) and use them in any Hypothesis test, for this package or for another port
or flattener:

```python
from hypothesis import given
from toon_picker.strategies import collision_free_objects

@given(collision_free_objects())
def test_round_trip(x):
    assert my_unflatten(my_flatten(x)) == my_normalise_keys(x)
```

Every strategy takes keyword-only options. Options are validated lazily (as in
hypothesis-jsonschema): a bad argument returns a strategy that raises
`hypothesis.errors.InvalidArgument` when drawn, so a typo fails the test that uses it
rather than the import of the test module.

Generated values are plain JSON data: ``None``, ``bool``, ``int``, finite ``float``, ``str``,
``list`` and ``dict`` with ``str`` keys. Member names inside one object are unique, also as
ECMAScript sees them (a name holding a surrogate pair as two code points counts as the
character the pair encodes). The data is biased toward what breaks flatteners: member names
with dots and underscores, ``""``, ``"."``, ``__proto__`` and ``constructor``, integer-like
names, unicode, empty objects and arrays at any level, arrays of arrays, floats at the
ECMAScript notation thresholds (1e-6 and 1e21), negative zero, control characters and lone
surrogates in strings.

``portable=True`` (every strategy has it) leaves out the two inputs whose output is
host-dependent (spec section 3.4): integers beyond +-(2**53 - 1) and integer-like member
names (ASCII digits only; ECMAScript objects iterate those first). Use it when comparing
hosts, for example a Python and a JavaScript implementation.

This package is the only part of toon-picker that imports Hypothesis; ``import toon_picker``
does not load it. One module per family: ``_values`` (`json_values`), ``_depth``
(`payloads_at_depth`), ``_collisions`` (`colliding_objects`, `collision_free_objects`,
`dotted_name_objects`), ``_rows`` (`uniform_rows`), ``_flat`` (`flat_documents`); all draw
from the tree generator in ``_trees`` and the bias lists in ``_scalars``.
"""

from .. import MAX_DEPTH
from ._collisions import colliding_objects, collision_free_objects, dotted_name_objects
from ._depth import payloads_at_depth
from ._flat import flat_documents
from ._rows import uniform_rows
from ._scalars import JSONValue
from ._values import json_values

__all__ = [
    "MAX_DEPTH",
    "JSONValue",
    "colliding_objects",
    "collision_free_objects",
    "dotted_name_objects",
    "flat_documents",
    "json_values",
    "payloads_at_depth",
    "uniform_rows",
]
