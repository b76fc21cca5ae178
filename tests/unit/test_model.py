"""The data model (spec section 2): what is a payload, and how errors name the path."""

from __future__ import annotations

import datetime
import enum
from collections import OrderedDict
from decimal import Decimal
from typing import Any

import pytest

from toon_picker import PayloadError, pick
from toon_picker._errors import format_path
from toon_picker._payload import check


@pytest.mark.parametrize(
    ("payload", "path"),
    [
        ({"data": {"items": [0, 1, 2, {"score": float("nan")}]}}, "$.data.items[3].score"),
        ({"a": float("inf")}, "$.a"),
        ([float("-inf")], "$[0]"),
        ({"s": {1, 2}}, "$.s"),
        ({"b": b"bytes"}, "$.b"),
        ({"t": datetime.datetime(2024, 1, 1)}, "$.t"),
        ({"d": Decimal("1.5")}, "$.d"),
        ({1: "x"}, '$["1"]'),
        ({"ok": {None: 1}}, "$.ok.None"),
        ({"odd key": [object()]}, '$["odd key"][0]'),
    ],
)
def test_invalid_payloads_name_the_path(payload: Any, path: str) -> None:
    with pytest.raises(PayloadError) as info:
        check(payload)
    assert info.value.reason == "invalid-payload"
    assert info.value.path == path
    assert isinstance(info.value, TypeError)


def test_cycles_are_payload_errors() -> None:
    a: dict[str, Any] = {"x": []}
    a["x"].append(a)
    with pytest.raises(PayloadError) as info:
        pick(a)
    assert info.value.path == "$.x[0]"
    b: list[Any] = []
    b.append(b)
    with pytest.raises(PayloadError):
        pick(b)


def test_shared_subtrees_are_not_cycles() -> None:
    shared = {"k": 1}
    assert pick({"a": shared, "b": [shared, shared]}, candidates=["json"]).text == (
        '{"a":{"k":1},"b":[{"k":1},{"k":1}]}'
    )


def test_python_types_that_map_to_json() -> None:
    class Colour(enum.IntEnum):
        RED = 1

    class Name(str):
        pass

    checked = check(OrderedDict(c=Colour.RED, n=Name("x"), t=(1, (2,)), f=2.5, b=True))
    assert checked.value == {"c": 1, "n": "x", "t": [1, [2]], "f": 2.5, "b": True}
    assert type(checked.value["c"]) is int  # type: ignore[index, call-overload]
    assert type(checked.value["t"]) is list  # type: ignore[index, call-overload]


def test_default_is_called_once_per_object_and_checked() -> None:
    calls: list[Any] = []

    def default(obj: Any) -> Any:
        calls.append(obj)
        return obj.isoformat()

    when = datetime.date(2024, 5, 1)
    assert check({"a": when, "b": [when]}, default).value == {
        "a": "2024-05-01",
        "b": ["2024-05-01"],
    }
    assert calls == [when]
    with pytest.raises(PayloadError) as info:
        check({"x": [when]}, lambda o: float("nan"))
    assert info.value.path == "$.x[0]"


def test_default_refusal_becomes_payload_error() -> None:
    def refuse(obj: Any) -> Any:
        raise TypeError(f"cannot serialise {type(obj).__name__}")

    with pytest.raises(PayloadError, match="cannot serialise set") as info:
        check({"a": {1}}, refuse)
    assert info.value.path == "$.a"


def test_depth_and_deep_path() -> None:
    assert check(1).depth == 0
    assert check([]).depth == 0
    assert check([[]]).depth == 1
    assert check({"a": [1, {"b": None}]}).depth == 3
    value: Any = 0
    for _ in range(21):
        value = {"n": value}
    checked = check({"first": value, "second": value})
    assert checked.deep_path == "$.first" + ".n" * 20


def test_very_deep_payload_needs_no_recursion() -> None:
    value: Any = None
    for _ in range(200_000):
        value = {"a": value}
    assert check(value).depth == 200_000


@pytest.mark.parametrize(
    ("parts", "text"),
    [([], "$"), (["a", 3, "b_c"], "$.a[3].b_c"), (["a.b", "", "1x"], '$["a.b"][""]["1x"]')],
)
def test_path_syntax(parts: list[str | int], text: str) -> None:
    assert format_path(parts) == text


def test_str_and_int_mixin_enums_are_their_values() -> None:
    class Mode(str, enum.Enum):
        FAST = "fast"

    class Level(float, enum.Enum):
        HALF = 0.5

    checked = check({"m": Mode.FAST, "l": Level.HALF})
    assert checked.value == {"m": "fast", "l": 0.5}
    assert pick({"m": Mode.FAST}).text == "m: fast"


def test_names_equal_once_surrogate_pairs_are_joined_are_refused() -> None:
    # Python holds two keys; ECMAScript (and JSON) would hold one name twice.
    for payload in ({"\ud83d\ude00": 1, "😀": 2}, {"x": [{"😀a": 1, "\ud83d\ude00a": 2}]}):
        with pytest.raises(PayloadError, match="same string"):
            pick(payload)
    assert check({"\ud83d\ude00": 1, "b": 2}).value == {"😀": 1, "b": 2}
