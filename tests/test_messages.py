"""Translatable sentences of the pure layers (planner_gui/model/messages.py)."""

from __future__ import annotations

import copy
import json
import pickle

from planner_gui.model.errors import DesignError
from planner_gui.model.messages import QT_TRANSLATE_NOOP, Text, english, error_text, render

ZH = {"rack {rack!r}": "机柜 {rack!r}", "{what} has {kw:.1f} kW free": "{what}剩余 {kw:.1f} kW",
      "broken {x}": "坏的 {y}"}


def _zh(context: str, source: str) -> str:
    return ZH.get(source, "")


def _sentence() -> Text:
    inner = QT_TRANSLATE_NOOP("Model", "rack {rack!r}").fill(rack="r1")
    return QT_TRANSLATE_NOOP("Model", "{what} has {kw:.1f} kW free").fill(what=inner, kw=3.14159)


def test_a_text_is_its_english_sentence() -> None:
    text = _sentence()
    assert text == "rack 'r1' has 3.1 kW free"
    assert json.dumps(text) == '"rack \'r1\' has 3.1 kW free"'
    assert "3.1 kW" in text and text.render(english) == text


def test_render_translates_nested_texts_and_keeps_format_specs() -> None:
    assert render(_sentence(), _zh) == "机柜 'r1'剩余 3.1 kW"
    assert render("plain words", _zh) == "plain words"


def test_missing_or_broken_translation_falls_back_to_english() -> None:
    assert QT_TRANSLATE_NOOP("Model", "untranslated {n}").fill(n=2).render(_zh) == "untranslated 2"
    assert QT_TRANSLATE_NOOP("Model", "broken {x}").fill(x=1).render(_zh) == "broken 1"


def test_copies_and_pickles_keep_template_and_values() -> None:
    text = _sentence()
    for clone in (copy.deepcopy(text), pickle.loads(pickle.dumps(text))):
        assert clone == text and clone.template == text.template and clone.render(_zh) == text.render(_zh)


def test_design_error_keeps_its_text_and_where() -> None:
    error = DesignError(_sentence(), where="racks[0]")
    assert str(error) == "racks[0]: rack 'r1' has 3.1 kW free"
    assert error_text(error, _zh) == "racks[0]: 机柜 'r1'剩余 3.1 kW"
    assert error_text(DesignError("plain english"), _zh) == "plain english"
    assert error_text(KeyError(_sentence()), _zh) == "机柜 'r1'剩余 3.1 kW"
