"""Castaways' readings of open rules: see ``rules.base.BaseGame.readings``."""

READINGS = (
    '9 players: the FAQ gives "5-6 … 3", "7-8 … 2", "10-18 … 1" and skips 9; the app gives 2 '
    "each (a team of 5 takes its last pick from the other team's spare card). Table setup "
    'form; "Setup notes".',
    'First Team Leader: "the dice is rolled … to see which team will take ownership"; each '
    "team rolls, the highest holds the card. The table's \"Setup notes\" and setup checklist.",
    "When the Team Leader card passes is never said: every round by default, setup option "
    '`pass_leader_each_round`. Setup form; "Setup notes".',
    '"hand the Team Leader card … to a player from the opposing team": that is the new '
    "holder's turn with the card. The table's Outcast Tribunal line.",
    '"a player from the opposing team" with no player of the opposing team left: the losing '
    "team's own Team Leader holds the card, adjudicates the Tribunal and votes at it. The "
    "table's Outcast Tribunal line.",
    "A Team Leader who goes out at the Outcast Tribunal (the round's end) holding the card: "
    "the player who receives it there holds it for the next round before it passes on (else "
    "they would never hold it for a round). The table's reminders that round.",
    "After the merge there is no opposing team: the Team Leader adjudicates the Tribunal. "
    '"Setup notes".',
    'Outcast Panel of "the highest odd amount of Players that made it to merge": when the '
    'count left is even, the first player out after the merge sits out. "Setup notes".',
    "A Final before the merge: the panel is the largest odd number of players most recently "
    "out. The Final screen.",
    "The 8th Castaway out (the merge's count) can also put the 3rd-last player out: the Final "
    "comes at once, with no merge (nobody made a merge to sit on its panel). The Final "
    "screen.",
    'Three or more tied on most votes all go to the revote ("the two Castaways that just '
    "received the highest votes\" presumes two). The table's Tribunal line at the revote; "
    '"Setup notes".',
    'Tied again while every other Castaway present is safe (by an Advantage, an amulet or '
    'as a last Social), so that "all the other remaining Castaways attending" are eligible '
    "for none: only the two tied roll the die. The table's and phone's dice line.",
    'Tied again with nobody else at the Tribunal ("all the other remaining Castaways '
    "attending\" are none): the die decides between the tied. The table's and phone's dice "
    'line; "Setup notes".',
    'A player may abstain at an Outcast Tribunal: "Each Player only casts 1 vote" limits, and '
    "never says everyone must vote (Survivor's text does); the table may close the box short, "
    "and asks first, saying how many have not voted. \"Setup notes\"; the table's close-the-box "
    "step.",
    "The Final's box is read only when every panel member has voted (the odd panel rules a "
    "draw out only with every vote counted, as Survivor's \"Everyone must vote\"): the table "
    "cannot close it short, and a count short of the panel is refused. The Final screen names "
    "who has not voted.",
    "A quit or Medical Evacuation at 11 during a pre-merge Tribunal merges at once; that "
    "Tribunal holds no further vote. The table's Tribunal line.",
    "Only one Castaway can be voted for: it is out without a ballot. The table's Tribunal "
    "line.",
    "A team with no player left: its Castaways stay in and compete; at its Tribunal nobody "
    "votes, so the die decides. The table's lineup and dice lines, the phone's dice line.",
    "A team's last Social at 0 health with 12 Castaways or more is safe from Medical "
    "Evacuation; its zero-health lock starts again each time it falls due, until the merge. "
    "The table's reminders.",
    '"There must always be 1 Social Castaway up until the teams have merged" holds for '
    "quitting too: a team's last Social cannot quit at 12 Castaways or more (at 11 it may, "
    "and the merge follows). The refusal says so.",
    "The night's record places the Final's other finalist second, then the players by how "
    "long they lasted (the text names only the winner), and says the winner won the Outcast "
    "Panel's vote. The night's record.",
    '"the next most appropriate castaway is out": the lowest health in the same team, which '
    "the table confirms or changes. The table's confirm panel.",
    "A Castaway leaving the game reveals its owner (the FAQ's photo \"can prove ownership\"). "
    "The table's \"Left the game\" panel and \"Setup notes\".",
    'Text defaults kept as options: `team_swap` (Team Swap card, "advised … left out of your '
    'first game"), `second_advantage_round` ("if all Players agree before the start"). Setup '
    "form.",
    "Other setup options (not readings): `team_names`, `tribe_name`, `teams`, `castaways`.",
)
