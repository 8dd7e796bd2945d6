"""The view colours (planner_gui/ui/colors.py): the WCAG 2 contrast formula, the shading that makes a
status hue readable, and every fixed fill with the text drawn on it reading at 4.5:1 or more."""

from __future__ import annotations

import pytest

from planner_gui.ui import colors as c

DARK_WINDOW, DARK_BASE, LIGHT_WINDOW = "#353535", "#232323", "#efefef"  # ui/window/appearance.py; Fusion's
BACKGROUNDS = ("#ffffff", LIGHT_WINDOW, DARK_WINDOW, DARK_BASE)


def test_contrast_follows_the_wcag_formula() -> None:
    assert c.contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert c.contrast("#ffffff", "#ffffff") == pytest.approx(1.0)
    # WCAG's own example pair: #767676 is the lightest grey that passes 4.5:1 on white, #777777 fails
    assert c.contrast("#767676", "#ffffff") >= 4.5 > c.contrast("#777777", "#ffffff")
    assert c.contrast("#dc2626", "#ffffff") == pytest.approx(c.contrast("#ffffff", "#dc2626"))


def test_mix_and_translucent_colours() -> None:
    assert c.mix("#ffffff", "#000000", 0.5) == "#808080"
    assert c.over("#80ff0000", "#0000ff") == "#80007f"  # Qt's #aarrggbb: red at 128/255 over blue
    assert c.over("#ffe5e7eb", "#123456") == "#e5e7eb"


@pytest.mark.parametrize("background", BACKGROUNDS)
@pytest.mark.parametrize("hue", [c.GREEN, c.AMBER, c.RED, c.ERROR_RED, c.NO_DATA])
def test_readable_shades_a_status_hue_just_enough(hue: str, background: str) -> None:
    shaded = c.readable(hue, background)
    assert c.contrast(shaded, background) >= c.MIN_TEXT_CONTRAST
    if c.contrast(hue, background) >= c.MIN_TEXT_CONTRAST:
        assert shaded == hue  # a colour that reads is left as it is
    else:  # one twentieth less of a shift would not read: the least shift
        target = "#ffffff" if c.luminance(background) < 0.18 else "#000000"
        step = next(i for i in range(21) if c.mix(target, hue, i / 20) == shaded)
        assert step > 0 and c.contrast(c.mix(target, hue, (step - 1) / 20), background) < c.MIN_TEXT_CONTRAST


def test_readable_on_several_backgrounds_reads_on_each() -> None:
    grey = c.readable("#777777", "#ffffff", also=("#f7f7f7",))  # a list's base and its alternate rows
    assert min(c.contrast(grey, "#ffffff"), c.contrast(grey, "#f7f7f7")) >= c.MIN_TEXT_CONTRAST


@pytest.mark.parametrize("track", ["#2d2d2d", "#f7f7f7", "#ffffff"])  # dark and light AlternateBase
@pytest.mark.parametrize("load", [c.GREEN, c.AMBER, c.RED, c.NO_DATA])
def test_bar_fills_carry_readable_text(load: str, track: str) -> None:
    fill = c.bar_fill(load, track, 150 / 255)
    assert c.contrast(c.text_on(fill), fill) >= c.MIN_TEXT_CONTRAST


def test_every_fixed_face_reads_with_its_text() -> None:
    """Device faces, rail-coloured groups, load bars, the tray, the rack's U numbers, pinned labels."""
    for kind, fill in c.KIND_FILL.items():
        assert c.contrast(c.kind_text(kind), fill) >= c.MIN_TEXT_CONTRAST, kind
    for fill in (*c.RAIL_COLOURS, c.GREEN, c.AMBER, c.RED, c.NO_DATA, c.U_GRID):
        assert c.contrast(c.text_on(fill), fill) >= c.MIN_TEXT_CONTRAST, fill
    assert c.contrast(c.U_LABEL, c.RACK_FRAME) >= c.MIN_TEXT_CONTRAST  # was gray-500: 2.1:1
    assert c.contrast(c.ROW_LABEL, c.TRAY_FILL) >= c.MIN_TEXT_CONTRAST
    for view_background in BACKGROUNDS:  # the band and bundle names' translucent backdrop, on either theme
        assert c.contrast(c.ROW_LABEL, c.over(c.LABEL_BACKDROP, view_background)) >= c.MIN_TEXT_CONTRAST
