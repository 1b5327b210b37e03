"""Chase's input mode: the five actions of a turn by keys and by mouse.

Moving a pawn is the default: select the pawn, then each square of its jump or sweep, and
Enter (or the last square again) ends the move, as on every board. The other actions start
with a key, then take a square:

* ``t`` place the next tile: select a square, ``r``/``R`` turn the tile, Enter places it;
* ``g`` add or claim gold: select a square, ``+``/``-`` or a digit set the amount, Enter;
* ``x`` unlock and merge: select your stacks, the last one again, then where they go;
* ``p`` pivot a tile: select it, ``r``/``R`` turn it, Enter pays the 1 gold and turns it.

Pressing the key again or Esc leaves the action. A square or a choice the rules forbid gets
the rule's sentence from the notation reader, the same one a typed move gets.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from textual.binding import Binding
from textual.widget import Widget

from core.errors import IllegalMoveError, PawnshopError
from core.game import Move
from core.games.chase.board import SEAT_NAMES, TURNS, exits_text, name
from core.games.chase.game import ChaseGame
from core.games.chase.merges import MIN_STACK, MergeFacts, destinations
from core.games.chase.movelist import MoveList
from core.games.chase.moves import AddGold, ChaseMove, Merge, Pivot, Place, Walk
from core.games.chase.notation import MOVE_EXAMPLES
from core.games.chase.rules import PIVOT_FEE, seat_merges
from core.games.chase.state import GOLD as GOLD_MODE
from core.games.chase.state import TILES, ChaseState, stacks_of
from core.games.chase.tiles import DECK
from core.view import BoardView, Cell
from tui.play.selection import MoveBuilder
from tui.screens.input_modes.base import InputMode
from tui.widgets.board import BoardWidget
from tui.widgets.chase_panels import DebtPanel, TileStackPanel, seat_lines, shown_glyphs
from tui.widgets.player_panel import PlayerPanel

if TYPE_CHECKING:
    from tui.screens.board import BoardScreen

PLACE, GOLD, MERGE, PIVOT = "place", "gold", "merge", "pivot"
ACTION_NAMES = {
    PLACE: "place a tile",
    GOLD: "add or claim gold",
    MERGE: "unlock and merge stacks",
    PIVOT: "pivot a tile",
}
ACTION_KEYS = {PLACE: "t", GOLD: "g", MERGE: "x", PIVOT: "p"}
#: A word for each action, for the prompt on a narrow screen.
ACTION_WORDS = {PLACE: "tile", GOLD: "gold", MERGE: "merge", PIVOT: "pivot"}
ACTION_OF_KEY = {key: action for action, key in ACTION_KEYS.items()}
#: The actions each mode of the game has: Tiles mode is played without gold, Gold mode
#: without tiles.
MODE_ACTIONS = {TILES: (PLACE, PIVOT), GOLD_MODE: (GOLD, MERGE)}


class ChaseMode(InputMode):
    """Chase's board, panels and action keys (see the module's docstring)."""

    NAME = "chase"
    HELP_TITLE = "Keys on the Chase board"
    TABLE_HELP_TITLE = "Keys at a Chase table"
    #: Its styles go by this class (``chase_board.tcss``), on any board screen, at a table too.
    CSS_CLASS = "chase-board"
    BINDINGS = [
        Binding("t", f"input('chase_action', '{PLACE}')", "Place", id="chase.place"),
        Binding("g", f"input('chase_action', '{GOLD}')", "Gold", id="chase.gold"),
        Binding("x", f"input('chase_action', '{MERGE}')", "Merge", id="chase.merge"),
        Binding("p", f"input('chase_action', '{PIVOT}')", "Pivot", id="chase.pivot"),
        Binding(
            "r", "input('rotate', 1)", "Turn the tile clockwise", show=False, id="chase.rotate"
        ),
        Binding(
            "R", "input('rotate', -1)", "Turn the tile back", show=False, id="chase.rotate_back"
        ),
        Binding(
            "plus,equals_sign", "input('amount', 1)", "One gold more", show=False, id="chase.more"
        ),
        Binding("minus", "input('amount', -1)", "One gold less", show=False, id="chase.less"),
    ]

    def __init__(self, screen: BoardScreen) -> None:
        super().__init__(screen)
        self.actions = {
            "chase_action": self.start_action,
            "rotate": self.rotate,
            "amount": self.change_amount,
        }
        # The action under way.
        self.action = ""
        self.pending = -1  # the square chosen for a placement, gold or a pivot
        self.turns: tuple[int, ...] = ()  # the exits the tile may be turned to
        self.turn = 0
        self.amount = 0
        self.typed = ""  # the digits typed for the amount so far
        self.sources: tuple[int, ...] = ()  # the stacks chosen for a merge
        self.sources_done = False
        self._moves: tuple[object, Sequence[ChaseMove]] | None = None
        self._kinds: dict[type, list[Any]] = {}
        self._following_flips = False
        #: The stack of tiles and the last turn's debts, beside the board above the log.
        self.stack = TileStackPanel(id="tile-stack", classes="chase-panel")
        self.debts = DebtPanel(id="debts", classes="chase-panel")
        self.debts.border_title = "Last turn"

    @property
    def chase_state(self) -> ChaseState:
        state = self.record.state
        assert isinstance(state, ChaseState)
        return state

    def side_widgets(self) -> list[Widget]:
        return [self.stack, self.debts]

    # -- the moves of the position -------------------------------------------------------------

    def turn_moves(self) -> Sequence[ChaseMove]:
        """The legal moves of the current position (a list that makes its moves when asked:
        a player with many stacks has millions of merges, never listed here)."""
        state = self.record.state
        if self._moves is None or self._moves[0] is not state:
            self._moves = (state, self.game.legal_moves(state))
            self._kinds = {}
        return self._moves[1]

    def _of_kind(self, kind: type) -> list[Any]:
        """The legal moves of one kind but merges (see ``_merge_facts``), listed once."""
        moves = self.turn_moves()
        if kind not in self._kinds:
            found = moves.of_kind(kind) if isinstance(moves, MoveList) else moves
            self._kinds[kind] = [move for move in found if isinstance(move, kind)]
        return self._kinds[kind]

    def _merge_facts(self) -> MergeFacts:
        state = self.chase_state
        return seat_merges(state, state.to_move)

    def builder(self) -> MoveBuilder:
        """Squares select pawn moves; the other actions have keys of their own."""
        record = self.record
        view = record.game.board_view(self.screen.viewer_state())
        paths: list[tuple[Move, tuple[int, ...]]] = [
            (move, move.path) for move in self._of_kind(Walk)
        ]
        return MoveBuilder(record.game, record.state, record.seat_names, view, paths=paths)

    def _action_targets(self) -> frozenset[int]:
        """The squares the action under way may take next."""
        if self.action == PLACE:
            return frozenset(move.square for move in self._of_kind(Place))
        if self.action == GOLD:
            return frozenset(move.square for move in self._of_kind(AddGold))
        if self.action == PIVOT:
            return frozenset(move.square for move in self._of_kind(Pivot))
        facts = self._merge_facts()
        if self.sources_done:
            return frozenset(destinations(facts, self.sources))
        # A bigger set of stacks can go wherever a smaller one can, so while all the stacks
        # together may merge, any stack may join the ones chosen.
        return frozenset(facts.stacks if destinations(facts, facts.stacks) else ())

    # -- showing ------------------------------------------------------------------------------

    def refresh(self) -> None:
        screen = self.screen
        state = self.chase_state
        board = screen.query_one(BoardWidget)
        if self.action:
            board.targets = frozenset() if self.pending >= 0 else self._action_targets()
            board.selected = self.sources if self.action == MERGE else (self.pending,)
            if self.pending >= 0 and self.action in (PLACE, PIVOT):
                board.view = self._preview(board.view, self.pending, self.turns[self.turn])
        for seat in (0, 1):
            panel = screen.query_one(f"#panel-{seat}", PlayerPanel)
            if panel.info is not None:
                panel.info = panel.info._replace(lines=seat_lines(screen.viewer_state(), seat))
        self.stack.flipped = board.flipped
        if not self._following_flips:
            # The flip key turns the board between positions: the stack turns with it.
            self.stack.watch(board, "flipped", self._board_turned, init=False)
            self._following_flips = True
        self.stack.tiles = tuple(DECK[kind] for kind in state.deck[:5])
        self.stack.left = len(state.deck)
        self.debts.sentences = self.last_debts()

    def _board_turned(self, flipped: bool) -> None:
        self.stack.flipped = flipped

    def glyphs(self, mask: int) -> str:
        """The arrows of an exit mask as the board draws them: turned round when it is
        flipped, in ASCII where it is drawn in ASCII."""
        board = self.screen.query_one(BoardWidget)
        return shown_glyphs(mask, flipped=board.flipped, ascii=board.ascii)

    @staticmethod
    def _preview(view: BoardView | None, square: int, exits: int) -> BoardView | None:
        """The board with the tile on ``square`` drawn showing ``exits``."""
        if view is None:
            return None
        cells = list(view.cells)
        cell = cells[square]
        marks = [word for word in cell.mark.split() if not word.startswith("exits:")]
        mark = " ".join([f"exits:{exits_text(exits)}", *marks])
        cells[square] = Cell(cell.text, cell.owner, cell.region, mark)
        return BoardView(view.width, view.height, tuple(cells), view.file_walls, view.rank_walls)

    def last_debts(self) -> tuple[str, ...]:
        """The debts of the move that led here, addressed to the player now to move."""
        node = self.record.current
        if node.move is None or node.parent is None:
            return ()
        game = self.game
        assert isinstance(game, ChaseGame)
        return game.debts(node.parent.state, node.move, self.chase_state.to_move)

    def hint(self) -> str:
        if not self.action or self.screen.reviewing or self.record.outcome() is not None:
            return super().hint() or self._plain_prompt()
        return self._action_prompt()

    def offered(self) -> tuple[str, ...]:
        """The actions of the game's mode, in the order the keys are listed."""
        mode_actions = MODE_ACTIONS.get(self.chase_state.mode, tuple(ACTION_NAMES))
        return tuple(action for action in ACTION_NAMES if action in mode_actions)

    def offers(self, name: str, *args: object) -> bool:
        """Only the actions of the game's mode are bound (and shown in the footer)."""
        return name != "chase_action" or args[0] in self.offered()

    def _plain_prompt(self) -> str:
        keys = ", ".join(f"{ACTION_KEYS[a]} {ACTION_NAMES[a]}" for a in self.offered())
        return f"select a pawn, then its path (Enter ends); or {keys}"

    def short_form(self, message: str) -> str:
        """The plain prompt (alone or after a sentence, as a table's welcome) in short words;
        a move typed that is not Chase's notation without the examples (the help has them)."""
        examples = f" (like {MOVE_EXAMPLES})"
        if message.endswith(examples):
            return message.removesuffix(examples) + ": ? shows how to write one"
        prompt = self._plain_prompt()
        if not message.endswith(prompt):
            return ""
        words = ", ".join(f"{ACTION_KEYS[a]} {ACTION_WORDS[a]}" for a in self.offered())
        return message.removesuffix(prompt) + f"a pawn, then its path; {words}"

    def _action_prompt(self) -> str:
        action, square = self.action, self.pending
        if action == MERGE:
            if self.sources_done:
                return "merge: select where the merged stack goes"
            if len(self.sources) >= 2:
                return "merge: select more stacks, or the last one again to choose where to"
            return "merge: select two or more of your stacks to unlock (x again: stop)"
        if square < 0:
            return f"{ACTION_NAMES[action]}: select a square ({ACTION_KEYS[action]} again: stop)"
        where = name(square)
        if action == GOLD:
            return f"{self.amount} gold on {where}: + - or a digit change it, Enter puts it there"
        shown = self.glyphs(self.turns[self.turn])
        if action == PLACE:
            return f"tile on {where} showing {shown}: r R turn it, Enter places it"
        payee = SEAT_NAMES[1 - self.chase_state.to_move]
        return f"pivot {where} to {shown}: r R turn it, Enter pays {payee} {PIVOT_FEE} gold for it"

    def help_extra(self) -> list[tuple[str, str]]:
        return [
            *super().help_extra(),
            ("0-9", "while adding gold: the amount"),
            (":", f"type a move: {MOVE_EXAMPLES}"),
            ("click", f"a pawn, then each square of its path; a square for {self._keys()}"),
        ]

    # -- actions --------------------------------------------------------------------------------

    def _reset_action(self, action: str = "") -> None:
        self.action, self.pending, self.turns, self.turn = action, -1, (), 0
        self.amount, self.typed, self.sources, self.sources_done = 0, "", (), False

    def position_changed(self) -> None:
        self._reset_action()

    def _action_refused(self) -> bool:
        """Say why no action may be taken here and answer true, when that is so."""
        screen = self.screen
        if self.record.outcome() is not None:
            screen.say("the game is over here: u or ctrl+z steps back to try other moves")
            return True
        if screen.computer_seats.refuse_turn():
            return True
        refusal = screen.review.trial_refusal()
        if refusal:
            screen.say(refusal, error=True)
            return True
        return False

    def start_action(self, action: str) -> None:
        """Start ``action`` (starting it again leaves it)."""
        screen = self.screen
        if not screen.may_act() or self._action_refused():
            return
        screen.selection = ()
        self._reset_action("" if self.action == action else action)
        screen.refresh_view()
        if self.action and not self._action_targets():
            screen.say(self._none_possible(self.action), error=True)
            self._reset_action()
            return
        screen.say(self.hint())

    def _none_possible(self, action: str) -> str:
        """Why the player may not take ``action`` at all now, as one sentence."""
        state = self.chase_state
        if state.mode == GOLD_MODE and action in (PLACE, PIVOT):
            return "Gold mode is played without tiles"
        if state.mode == TILES and action in (GOLD, MERGE):
            return "Tiles mode is played without gold"
        if action == PLACE:
            if not state.deck:
                return "no tile can be placed: the stack is empty"
            return "no tile can be placed: no square is free next to your pawns' tiles"
        if action == GOLD:
            if state.loose[state.to_move] < MIN_STACK:
                return f"adding gold takes at least {MIN_STACK} loose gold"
            return "there is no tile you may add gold to now"
        if action == MERGE:
            if len(stacks_of(state, state.to_move)) < 2:
                return "merging takes two or more of your stacks on the board"
            return "none of your stacks may be merged now"
        return "no tile can be pivoted now"

    def select_square(self, square: int) -> None:
        screen = self.screen
        if not self.action:
            super().select_square(square)
            return
        if self._action_refused():
            screen.refresh_view()
            return
        if self.action == MERGE:
            self._merge_square(square)
        elif self.pending == square:
            self._confirm()
        elif square in self._action_targets():
            self._choose_square(square)
        else:
            screen.say(self._refusal(self._example(square)), error=True)
        screen.refresh_view()

    def _choose_square(self, square: int) -> None:
        state = self.chase_state
        self.pending = square
        self.typed = ""
        if self.action == GOLD:
            self.amount = min(m.amount for m in self._of_kind(AddGold) if m.square == square)
        elif self.action == PLACE:
            self.turns = DECK[state.deck[0]].orientations
            legal = {m.exits for m in self._of_kind(Place) if m.square == square}
            self.turn = next(i for i, exits in enumerate(self.turns) if exits in legal)
        else:
            self.turns = TURNS[state.exits[square]]
            self.turn = 0
        self.screen.say(self.hint())

    def _example(self, square: int) -> ChaseMove:
        """A move of the action under way on ``square``, to ask the rules what is wrong."""
        state = self.chase_state
        if self.action == GOLD:
            return AddGold(square, MIN_STACK)
        exits = state.exits[square]
        if self.action == PIVOT:
            return Pivot(square, (TURNS[exits] or (exits,))[0])
        return Place(square, DECK[state.deck[0]].exits if state.deck else 1)

    def _pending_move(self) -> ChaseMove:
        if self.action == GOLD:
            return AddGold(self.pending, self.amount)
        if self.action == PLACE:
            return Place(self.pending, self.turns[self.turn])
        return Pivot(self.pending, self.turns[self.turn])

    def _confirm(self) -> None:
        move = self._pending_move()
        if move in self.turn_moves():
            self.screen.play(move)
        else:
            self.screen.say(self._refusal(move), error=True)

    def _refusal(self, move: ChaseMove) -> str:
        """The rule's sentence for a move the rules forbid, as the notation reader gives it."""
        text = self.game.format_move(self.record.state, move)
        try:
            self.game.parse_move(self.record.state, text)
        except IllegalMoveError as error:
            return str(error)
        except PawnshopError:
            pass
        return f"{text} is not a legal move here"

    def _merge_square(self, square: int) -> None:
        screen = self.screen
        if self.sources_done:
            move = Merge(self.sources, square)
            if move in self.turn_moves():
                screen.play(move)
            else:
                screen.say(self._refusal(move), error=True)
            return
        if self.sources and square == self.sources[-1] and len(self.sources) >= 2:
            if destinations(self._merge_facts(), tuple(sorted(self.sources))):
                self.sources, self.sources_done = tuple(sorted(self.sources)), True
                screen.say(self.hint())
            else:
                text = "+".join(name(s) for s in sorted(self.sources))
                screen.say(f"the stacks on {text} may not be merged together", error=True)
            return
        if square in self.sources:
            self.sources = tuple(s for s in self.sources if s != square)
        elif square in self._action_targets():
            self.sources = (*self.sources, square)
        else:
            screen.say(
                self._refusal(Merge(tuple(sorted({*self.sources, square})), square)), error=True
            )
            return
        screen.say(self.hint())

    def rotate(self, step: int) -> None:
        screen = self.screen
        if self.action not in (PLACE, PIVOT) or self.pending < 0:
            screen.say("r and R turn a tile being placed (t) or pivoted (p): choose it first")
            return
        self.turn = (self.turn + step) % len(self.turns)
        screen.refresh_view()
        screen.say(self.hint())

    def change_amount(self, step: int) -> None:
        self._set_amount(lambda amount: amount + step)

    def _set_amount(self, change: Callable[[int], int]) -> None:
        if self.action != GOLD or self.pending < 0:
            self.screen.say("+ and - set the gold to add (g): choose its square first")
            return
        state = self.chase_state
        self.amount = min(max(change(self.amount), 1), max(1, state.loose[state.to_move]))
        self.screen.say(self.hint())

    def _keys(self) -> str:
        return " ".join(ACTION_KEYS[action] for action in self.offered())

    def key(self, character: str, *, bound: bool) -> bool:
        """Digits set the amount of gold being added (``1`` then ``2`` makes 12), whatever
        else they are bound to; the key of an action the game's mode has not says so."""
        action = ACTION_OF_KEY.get(character)
        if action is not None and not bound and action not in self.offered():
            self.start_action(action)  # which says why the mode has no such action
            return True
        if self.action == GOLD and self.pending >= 0 and character in tuple("0123456789"):
            self.typed = (self.typed + character)[-2:]
            typed = int(self.typed)
            self._set_amount(lambda amount: typed)
            return True
        return False

    def cancel(self) -> None:
        if not self.action:
            super().cancel()
            return
        if self.pending >= 0 or self.sources:
            self._reset_action(self.action)
        else:
            self._reset_action()
        self.screen.refresh_view()
        self.screen.say(self.hint())

    def back(self) -> None:
        if self.action == MERGE and self.sources:
            self.sources, self.sources_done = self.sources[:-1], False
            self.screen.refresh_view()
            self.screen.say(self.hint())
        elif self.action:
            self.cancel()
        else:
            super().back()
