"""Robinson Crusoe's readings of open rules: see ``rules.base.BaseGame.readings``."""

READINGS = (
    "Wounds to death differ between sources: setup option `wounds_to_death`. Setup form "
    '("Unconfirmed values"), setup checklist, the "How this app reads the rules" fold.',
    "The Build action's Wound die has 2 or 4 Wound faces: setup option `build_wound_faces`. "
    "Same places.",
    "Scenario 6's weather is \"as printed on the scenario sheet\": setup option "
    "`scenario6_weather` (default: scenario 1's). Same places.",
    'Friday and "each player" (eating, sleeping in the open, the Weather): no by default; '
    "setup options `friday_eats`, `friday_sleeps_out`, `friday_weather` (each yes, no, or "
    "as `friday_counts_as_player` says, which sets all three). Setup form, the checklist at "
    "Weather and Night, the fold.",
    'Friday in a solo game: the text has him only in "a 2-player game"; solo by choice, setup '
    "option `friday`. Setup form.",
    'Two players without Friday: he joins every 2-player game by default ("In a 2-player '
    'game, you gain an additional character: Friday"); `friday` off leaves him out as a house '
    "rule. Setup form's sentence; the \"How this app reads the rules\" fold says \"House rule\" "
    "in that game.",
    "A Wound \"passes\" a morale arrow when the Wound marker reaches the arrow's space (Morale "
    '−1 then), not only when it moves beyond it. The "How this app reads the rules" fold.',
    "Morale +3's \"heal 1 Wound\" heals the First Player's own character (the First Player "
    "manages the Determination tokens). The Morale phase's line names the character; the "
    "fold.",
    "Food is eaten and discarded perishable first, then non-perishable (what rots tonight "
    "goes before what keeps). The fold.",
    "Discarding by hand more than the camp has: each player takes 1 Wound per lacking one, as "
    'in the Weather phase (Friday is no player). The "How this app reads the rules" fold.',
    "A Beast card taking the Weapon or Palisade level below 0: 1 Wound for the fighter per "
    "Weapon level, 1 Wound for each player per Palisade level. The hunt panel and the fold.",
    'Arranging the Camp with 4 players at Morale +3: "choose one" of the tokens and Morale, '
    'and "unless at max Morale, then just gain tokens" - Morale is refused, so the tokens '
    "are gained. The refusal says so on the phone and the table.",
    "Other setup options (not readings): `scenario`, `characters` (empty: seat order), "
    "`first_player`.",
)
