"""dots= (spec 4.2) and verify= / parse_compact (spec 6.3, 6.8)."""

from __future__ import annotations

from typing import Any

import pytest

from toon_picker import (
    FlattenError,
    TextError,
    UnflattenError,
    _backends,
    flatten,
    normalise_keys,
    parse_compact,
    pick,
)
from toon_picker._json import dumps

K8S = {
    "metadata": {
        "name": "web",
        "annotations": {"kubectl.kubernetes.io/restartedAt": "2026-11-30T10:00:00Z"},
    },
    "spec": {"replicas": 2},
}


def test_refuse_names_the_first_dotted_name_in_document_order() -> None:
    value = {"a": {"b": 1, "c": {"x.y": 1}}, "d.e": 2}
    with pytest.raises(FlattenError) as info:
        flatten(value, dots="refuse")
    assert info.value.reason == "dotted-name"
    assert info.value.path == '$.a.c["x.y"]'


def test_refuse_reports_dotted_name_not_key_collision() -> None:
    with pytest.raises(FlattenError) as info:
        flatten({"a_b": 1, "a.b": 2}, dots="refuse")
    assert info.value.reason == "dotted-name"


def test_depth_comes_before_dotted_name() -> None:
    deep: Any = 1
    for _ in range(21):
        deep = {"a": deep}
    with pytest.raises(FlattenError) as info:
        flatten({"a.b": 1, "deep": deep}, dots="refuse")
    assert info.value.reason == "depth-exceeded"


def test_refuse_without_dots_is_rename() -> None:
    value = {"id": 7, "stats": {"runs": 10}, "tags": [{"x": {"y": 1}}], "s": "a.b"}
    assert flatten(value, dots="refuse") == flatten(value)


def test_unknown_dots_value_is_a_usage_error() -> None:
    with pytest.raises(ValueError, match="unknown dots value 'keep'"):
        flatten({}, dots="keep")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown dots value"):
        pick({}, dots="keep")  # type: ignore[arg-type]


def test_pick_with_refuse_ships_names_as_they_are() -> None:
    renamed = pick(K8S)
    assert renamed.strategy == "toon-flatten"
    assert "kubectl_kubernetes_io/restartedAt" in renamed.text
    kept = pick(K8S, dots="refuse", candidates=("json", "toon-flatten", "toon"))
    assert kept.dropped == {"toon-flatten": "dotted-name"}
    assert "kubectl.kubernetes.io/restartedAt" in kept.text
    assert "kubectl_kubernetes_io" not in kept.text


def test_normalise_keys_refuses_what_flatten_refuses() -> None:
    for value in ({"a.b": 1, "a_b": 2}, {"x": [{"a_b": 1, "a.b": {}}]}):
        with pytest.raises(FlattenError) as info:
            normalise_keys(value)
        assert info.value.reason == "key-collision"
    assert normalise_keys({"a.b": {"c.d": [1, {"e.f": 2}]}}) == {"a_b": {"c_d": [1, {"e_f": 2}]}}


@pytest.mark.parametrize(
    "value",
    [
        {"items": [{"id": 1, "stats": {"runs": 10}}, {"id": 2, "stats": {"runs": 20}}]},
        {"a.b": {"c": 1}, "d": {}},
        {"n": [2.0**60, 1e-7, -0.0, 10**30]},
        "\ufeff1",
        K8S,
    ],
)
def test_every_pick_parses_back(value: Any) -> None:
    """The law of spec 6.8, for each candidate."""
    for name in ("toon-flatten", "toon"):
        result = pick(value, candidates=(name,), min_saving=0.0)
        made = pick(value, candidates=(name,), verify=True)
        assert made == result  # the reference encoder never mismatches
        text = pick(value, candidates=("json", name))
        expected = normalise_keys(value) if text.strategy == "toon-flatten" else value
        assert as_doubles(parse_compact(text.text, text.strategy)) == as_doubles(expected)


def as_doubles(value: Any) -> Any:
    """Numbers compared by value (spec 6.3): every number as the double it denotes."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, dict):
        return {key: as_doubles(item) for key, item in value.items()}
    return [as_doubles(item) for item in value]


def test_verify_drops_a_wrong_encoder_s_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """A deliberately wrong encoder: it drops the last row of every table."""

    def wrong(value: Any, ecma_floats: frozenset[float]) -> str:
        if isinstance(value, dict) and isinstance(value.get("items"), list):
            value = {**value, "items": value["items"][:-1]}
        return _backends.reference(value, ecma_floats)

    monkeypatch.setitem(_backends._FACTORIES, "wrong", lambda: wrong)
    value = {"items": [{"id": i, "ok": True} for i in range(5)]}
    unverified = pick(value, backend="wrong")
    assert unverified.strategy == "toon-flatten"  # ships a text with 4 rows of 5
    verified = pick(value, backend="wrong", verify=True)
    assert verified.strategy == "json"
    assert verified.dropped == {"toon-flatten": "decode-mismatch"}
    assert "toon-flatten" not in verified.sizes


def test_verify_must_be_a_boolean() -> None:
    with pytest.raises(ValueError, match="verify must be True or False"):
        pick(1, verify="yes")  # type: ignore[arg-type]


def test_parse_compact_errors_are_typed() -> None:
    with pytest.raises(TextError) as info:
        parse_compact("{oops", "json")
    assert (info.value.reason, info.value.path) == ("invalid-text", "$")
    with pytest.raises(TextError):
        parse_compact("a:\n   b: 1", "toon")  # three spaces: not a TOON indentation
    with pytest.raises(UnflattenError) as conflict:
        parse_compact("a: 1\na.b: 2", "toon-flatten")
    assert conflict.value.reason == "path-conflict"
    with pytest.raises(ValueError, match="unknown strategy"):
        parse_compact("1", "yaml")


def test_parse_compact_reads_json_texts_of_any_depth() -> None:
    """pick ships JSON for payloads too deep to flatten; their text must read back."""
    deep: Any = [1]
    for _ in range(5000):
        deep = {"a": deep}
    picked = pick(deep)
    assert picked.strategy == "json"
    assert dumps(parse_compact(picked.text, "json")) == picked.text  # no == at that depth


def test_parse_compact_keeps_long_integers() -> None:
    big = 10**5000 + 1
    assert parse_compact(pick({"n": big}).text, "toon-flatten") == {"n": big}
    assert parse_compact("1" + "0" * 4999 + "1", "json") == big
