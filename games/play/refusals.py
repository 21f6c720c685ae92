"""Why a move or request was refused, in the reader's language.

The engine and the service refuse with a stable ``code`` and a detailed English
``message``. An English reader gets that message; a German or French reader
gets the sentence for its code from the .po files, which drops the English
details (names, positions) but says what to do; the figures a service error
names in its ``params`` (a limit, a rate) are filled in. The engine stays free of Django,
so the translation happens here, where a refusal reaches a player.
"""

from __future__ import annotations

from django.utils import translation
from django.utils.translation import gettext, gettext_noop

from engine.base import IllegalMove
from games.errors import GameError

SENTENCES: dict[str, str] = {
    # The rules engines (engine/), all three games.
    "already_boarded": gettext_noop("That ship is already boarded."),
    "bad_card": gettext_noop(
        "That card is played differently: a sea card places a boat, "
        "a Flying Dutchman card places the Flying Dutchman."
    ),
    "bad_choice": gettext_noop("For the rowing test, choose die, empty or club."),
    "bad_deploy": gettext_noop(
        "Put 0 to 5 of your pirates on the left start space; the others go to the right one."
    ),
    "bad_draw": gettext_noop("Draw from the sea deck or from the Dutchman deck."),
    "bad_field": gettext_noop("That is not a field of the board; fields are written like C3."),
    "bad_move": gettext_noop("That move is incomplete or not valid; choose one of your moves."),
    "bad_notation": gettext_noop(
        "That move could not be read; check how it is written against the examples."
    ),
    "bad_roll": gettext_noop("The dice roll does not fit this move."),
    "bad_tile": gettext_noop("That is not a tile; tiles are written like B3-C4."),
    "bad_wish": gettext_noop("Say whether the turntable should turn: wish yes or wish no."),
    "booty_required": gettext_noop("That ship carries two kinds of booty: say which you take."),
    "cannot_pass": gettext_noop("You may not pass while you can make another move."),
    "cannot_pile": gettext_noop("Your waiting pirate cannot get into that boat."),
    "card_not_in_hand": gettext_noop("You do not hold that card."),
    "crew_too_small": gettext_noop("That stack is too small to crew this ship."),
    "dutchman_surrounds_nothing": gettext_noop(
        "The Flying Dutchman would surround no tile there, so it may not go there."
    ),
    "field_empty_must_place": gettext_noop("That field is empty, so you must place a boat there."),
    "field_full": gettext_noop("That field is full; take 2 chests instead."),
    "field_not_on_line": gettext_noop(
        "That field is not in the row or column of your Flying Dutchman card."
    ),
    "field_occupied": gettext_noop("The Flying Dutchman can only go on an empty field."),
    "game_over": gettext_noop("This game has ended: no more moves, messages or takebacks."),
    "harbour_needs_two": gettext_noop("A boat leaves the harbour only with two pirates."),
    "illegal_path": gettext_noop("That path is not possible here; choose one of those offered."),
    "invalid_order": gettext_noop("The order must name each surrounded tile exactly once."),
    "invalid_record": gettext_noop("The game record is not valid."),
    "invalid_setup": gettext_noop("The setup of the game is not valid."),
    "missing_draw": gettext_noop(
        "Say which deck you draw from: the sea deck or the Dutchman deck."
    ),
    "missing_roll": gettext_noop("This move needs a dice roll."),
    "must_board": gettext_noop(
        "After the mutiny you must board a ship with the stack the mutineer named."
    ),
    "must_draw_sea": gettext_noop("You must draw a sea card."),
    "mutiny_decision_pending": gettext_noop(
        'Answer the mutiny question first: "mutiny STACK" or "no mutiny".'
    ),
    "no_mutiny_question": gettext_noop("Nobody has asked you about a mutiny now."),
    "no_pirate_there": gettext_noop("You have no pirate on foot on that space."),
    "no_such_boat": gettext_noop("The boats are numbered 1 to 8."),
    "not_a_ship": gettext_noop("Only ships can be boarded, not pirate lairs or double values."),
    "not_a_stack": gettext_noop(
        "That pirate is not on top of a stack; a stack is named by its top pirate."
    ),
    "not_eligible": gettext_noop("You may mutiny only with the stack you were asked about."),
    "not_your_boat": gettext_noop("None of your pirates sits in that boat."),
    "not_your_stack": gettext_noop("You are not the captain of that stack."),
    "not_your_turn": gettext_noop("It is not your turn."),
    "onto_own_stack": gettext_noop("That is your own stack; move onto another player's stack."),
    "ship_not_displayed": gettext_noop("That ship is not on display."),
    "stack_too_big": gettext_noop("The stack would be too big: a stack holds at most 9 pirates."),
    "tile_gone": gettext_noop("That tile has already left the board."),
    "unexpected_roll": gettext_noop("This move needs no dice roll."),
    "unknown_card": gettext_noop("That is not a card of this game."),
    "unknown_game": gettext_noop("There is no such game on this site."),
    "unknown_level": gettext_noop("There is no such bot level; the levels are easy and strong."),
    "unknown_pirate": gettext_noop("That is not a pirate of this game."),
    "unknown_player": gettext_noop("That player does not play in this game."),
    "unknown_ship": gettext_noop("That is not a ship of this game; the ships are S01 to S15."),
    "wrong_booty": gettext_noop("That ship does not carry this booty."),
    "wrong_step": gettext_noop("The game waits for another step now; choose one of your moves."),
    # The service (games.errors.GameError and its subclasses).
    "game_error": gettext_noop("That could not be done."),
    "stale_seq": gettext_noop("The game has moved on; reload the page and try again."),
    "move_id_reused": gettext_noop(
        "This move was already sent as a different one; reload the page and try again."
    ),
    "not_your_seat": gettext_noop("This seat does not play in this game."),
    "record_hidden": gettext_noop("The game record is published when the game is over."),
    "game_not_active": gettext_noop(
        "The game is not under way (it is paused or has ended), so this is not possible now."
    ),
    "not_allowed": gettext_noop("That is not allowed now."),
    "chat_length": gettext_noop("A chat message has 1 to %(max)s characters."),
    "chat_rate": gettext_noop("At most %(rate)s messages a minute; wait a moment."),
    "not_at_table": gettext_noop(
        "Only the players of this game and moderators may do that in its chat."
    ),
    "not_a_chat_message": gettext_noop("That is not a chat message of this game."),
    "webhook_refused": gettext_noop(
        "The service does not send to that address: give your chat's https webhook address."
    ),
    "chat_daily_rate": gettext_noop(
        "At most %(rate)s messages a day from one seat; write again tomorrow."
    ),
    "chat_report_rate": gettext_noop(
        "At most %(rate)s reports a day from one seat; the moderators have yours."
    ),
    "chat_already_reported": gettext_noop("You have already reported this message."),
    "takeback_not_last": gettext_noop(
        "Only your own move can be taken back, and only while it is the game's last."
    ),
    "takeback_revealed": gettext_noop(
        "That move revealed hidden information (a card, a ship or dice), "
        "so it cannot be taken back."
    ),
    "takeback_pending": gettext_noop("A takeback of this move has already been asked for."),
    "no_takeback": gettext_noop("No takeback is waiting for an answer."),
    "takeback_not_yours": gettext_noop("Only the other players of this game answer a takeback."),
    "takeback_answered": gettext_noop("You have already accepted this takeback."),
    "bad_options": gettext_noop("These game options are not valid."),
    "no_vacation_left": gettext_noop("You do not have that many vacation days left this year."),
    "name_taken": gettext_noop("Someone at this table already has that name; choose another."),
    "bad_name": gettext_noop(
        "A name has 1 to %(max)s characters, at least one of them visible: "
        "a letter, a digit or a sign."
    ),
    "bad_handle": gettext_noop(
        "A handle has 1 to %(max)s characters, at least one letter or digit, and no slash."
    ),
    "handle_taken": gettext_noop("Another player already has that handle; choose another."),
    "seat_gone": gettext_noop("This seat has been taken already; the table has no place left."),
    "too_unreliable": gettext_noop(
        "This table's open seats are for players who moved at least %(minimum)s %% of their "
        "turns in time in the last 12 months; you moved %(share)s %%."
    ),
    "address_refused": gettext_noop(
        "The owner of one of these addresses asked never to be invited to a game; leave it out."
    ),
    "address_busy": gettext_noop(
        "One of these addresses was named in %(limit)s new games in the last %(hours)s hours; "
        "try again later or leave it out."
    ),
    "lobby_error": gettext_noop("That could not be done; check what you entered and try again."),
    "sign_in_needed": gettext_noop(
        "This table's open seats are for players who moved at least %(minimum)s %% of their "
        "turns in time, so it needs to know who you are: sign in with your email address "
        "first, then join."
    ),
    "confirmation_too_late": gettext_noop(
        "This game is over: its seat can no longer be tied to your address."
    ),
    "seat_changed_hands": gettext_noop(
        "This seat has changed hands since it was taken: it can no longer be tied to your address."
    ),
    "league_error": gettext_noop("That league could not be made; check its settings."),
    "signup_not_open": gettext_noop("The sign-up of this league has not opened yet."),
    "signup_closed": gettext_noop("The sign-up of this league has closed."),
    "already_signed_up": gettext_noop("You are already signed up to this league."),
    "not_signed_up": gettext_noop("You are not signed up to this league."),
    "no_account": gettext_noop(
        "Sign in and choose a handle first: a league is played by players with an account."
    ),
    "not_queueable": gettext_noop(
        "That move cannot be queued for your next turn: it is not one a turn begins with, or "
        "it names a card, place, pirate or ship you cannot use."
    ),
    "queue_full": gettext_noop("You can queue at most %(limit)s moves; cancel one first."),
    "no_such_field": gettext_noop("This board has no field %(name)s to watch."),
    "turn_now": gettext_noop("It is your turn: play your move now instead of queueing it."),
    "no_such_queued_move": gettext_noop("There is no such queued move to cancel."),
}
"""The sentence for each refusal code (an English msgid); the .po files translate them."""


def refusal_text(error: IllegalMove | GameError) -> str:
    """Say why ``error`` refused a move or request, in the active language.

    English keeps the error's detailed message, as does a code without a
    sentence or a language without a translation of it.
    """
    language = translation.get_language() or "en"
    sentence = SENTENCES.get(error.code)
    if language.split("-")[0] == "en" or sentence is None:
        return error.message
    translated = gettext(sentence)
    if translated == sentence:
        return error.message
    try:
        return translated % (error.params if isinstance(error, GameError) else {})
    except (KeyError, TypeError, ValueError):  # a figure the sentence names was not given
        return error.message
