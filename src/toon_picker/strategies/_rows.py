"""``uniform_rows``: the arrays of same-shaped objects TOON tabulates."""

from __future__ import annotations

from typing import TypeAlias

from hypothesis import strategies as st

from ._scalars import JSONObject, JSONValue, floats, member_names, normalised_name, scalars, strings
from ._trees import bool_error, draw_int, first_error, int_error, invalid

__all__ = ["uniform_rows"]

# A uniform_rows column layout: (name, scalar kind index | nested layout).
_Shape: TypeAlias = "list[tuple[str, int | _Shape]]"

_ROW_NAMES = ("id", "name", "score", "url", "title", "price", "createdAt", "meta", "a", "b")


def uniform_rows(
    *,
    min_rows: int = 1,
    max_rows: int = 12,
    max_fields: int = 5,
    nested: bool = True,
    portable: bool = False,
) -> st.SearchStrategy[list[JSONValue]]:
    """Arrays of objects that all have the same member names in the same order.

    The shapes TOON tabulates (``items[N]{id,name}:``), so the picker's non-JSON branch
    wins often. Each row has between 1 and ``max_fields`` fields; with ``nested`` a field
    may itself be a non-empty object of the same shape in every row (flattened, it becomes
    dotted columns; plain TOON 4 tabulates it too). Field values are scalars of a fixed
    kind per column (mostly short identifiers and small numbers; sometimes strings that
    need quoting). Names are collision-free, so flatten succeeds.

    Shrinks toward ``[{"id": None}]`` (``min_rows`` rows).
    """
    error = first_error(
        int_error("uniform_rows", "min_rows", min_rows, 0),
        int_error(
            "uniform_rows", "max_rows", max_rows, min_rows if isinstance(min_rows, int) else 0
        ),
        int_error("uniform_rows", "max_fields", max_fields, 1),
        bool_error("uniform_rows", "nested", nested),
        bool_error("uniform_rows", "portable", portable),
    )
    if error:
        return invalid(error)
    names = st.one_of(
        st.sampled_from(_ROW_NAMES),
        st.from_regex(r"[a-z][a-zA-Z0-9_]{0,8}", fullmatch=True),
        member_names(portable),
    )
    words = st.one_of(st.from_regex(r"[a-z][a-z0-9]{0,8}", fullmatch=True), strings())
    field_lists = st.lists(names, min_size=1, max_size=max_fields, unique_by=normalised_name)
    column_kinds: list[st.SearchStrategy[JSONValue]] = [
        st.none(),
        st.integers(0, 10_000),
        words,
        st.booleans(),
        floats(),
        scalars(portable),
    ]

    def draw_shape(draw: st.DrawFn, level: int) -> _Shape:
        fields = draw(field_lists)
        shape: _Shape = []
        for field in fields:
            if nested and level < 2 and draw_int(draw, 0, 4) == 4:
                shape.append((field, draw_shape(draw, level + 1)))
            else:
                shape.append((field, draw_int(draw, 0, len(column_kinds) - 1)))
        return shape

    def draw_row(draw: st.DrawFn, shape: _Shape) -> JSONObject:
        return {
            field: draw_row(draw, kind) if isinstance(kind, list) else draw(column_kinds[kind])
            for field, kind in shape
        }

    @st.composite
    def rows(draw: st.DrawFn) -> list[JSONValue]:
        shape = draw_shape(draw, 0)
        n = draw_int(draw, min_rows, max_rows)
        return [draw_row(draw, shape) for _ in range(n)]

    return rows()
