"""The colour-blind letters follow the language: French bands read J, B, O, V, P, R, never English initials."""

from __future__ import annotations

import pygame

from amul_table.i18n import STRINGS
from amul_table.sprites.cards import card_face
from amul_table.sprites.style import COLOUR_LETTERS_BY_LANGUAGE, COLOUR_ORDER, colour_letter

SILVER = 0  # a yellow card


def test_each_language_has_unique_letters_for_every_colour():
    for lang, letters in COLOUR_LETTERS_BY_LANGUAGE.items():
        assert set(letters) >= set(COLOUR_ORDER), lang
        assert len(set(letters.values())) == len(letters), lang


def test_french_letters_are_the_initials_of_the_french_colour_names_but_purple():
    for colour in COLOUR_ORDER[:-1]:
        name = STRINGS["fr"][f"colour.{colour}"]
        if colour != "purple":  # Violet would clash with Vert: P for pourpre
            assert colour_letter(colour, "fr") == name[0], colour
    assert [colour_letter(c, "fr") for c in COLOUR_ORDER[:-1]] == ["J", "B", "O", "V", "P", "R"]
    assert colour_letter("yellow", "en") == "Y" and colour_letter("yellow", "de") == "Y"


def test_a_french_card_face_draws_its_french_letter():
    pygame.font.init()
    en = card_face(SILVER, 120, 168, "en", True)
    fr = card_face(SILVER, 120, 168, "fr", True)
    band = pygame.Rect(0, 0, 30, 30)
    assert pygame.image.tobytes(en.subsurface(band), "RGBA") != pygame.image.tobytes(fr.subsurface(band), "RGBA")


def test_every_french_settings_label_fits_its_button_at_1024x640(window):
    from amul_table.scenes.settings import SettingsScene

    app = window((1024, 640), language="fr")
    app.push(SettingsScene(app))
    app.step(0.0)
    buttons = [e for k, e in app.top.widgets.items() if k in app.top.ui.actions]
    assert "Instantanées" in [b.text for b in buttons]
    for button in buttons:
        assert button.font.size(button.text)[0] <= button.rect.w - 4, button.text
