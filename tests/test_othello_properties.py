"""Property tests (hypothesis) on random Othello games."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from flipside.othello import PASS_MOVE, Board, Color, Move

DIRECTIONS = [(df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if (df, dr) != (0, 0)]

# A game is a list of choices; choice i picks legal move i % len(moves) at each ply.
games = st.lists(st.integers(min_value=0, max_value=63), max_size=70)
relaxed = settings(deadline=None, max_examples=60)


def reference_flips(board: Board, square: int) -> set[int]:
    """Flips of a placement by the side to move, walking the 8 lines square by square."""
    if board.piece_at(square) is not None:
        return set()
    me, them = board.turn, board.turn.opponent
    out: set[int] = set()
    for df, dr in DIRECTIONS:
        f, r = square % 8 + df, square // 8 + dr
        run = []
        while 0 <= f < 8 and 0 <= r < 8 and board.piece_at(8 * r + f) is them:
            run.append(8 * r + f)
            f, r = f + df, r + dr
        if run and 0 <= f < 8 and 0 <= r < 8 and board.piece_at(8 * r + f) is me:
            out.update(run)
    return out


def play(choices: list[int]) -> Board:
    board = Board()
    for choice in choices:
        moves = board.legal_moves()
        if not moves:
            break
        board.push(moves[choice % len(moves)])
    return board


def play_to_end(choices: list[int]) -> Board:
    """A complete game: choices are reused cyclically until neither side can move."""
    board = Board()
    ply = 0
    while moves := board.legal_moves():
        choice = choices[ply % len(choices)] + ply if choices else ply
        board.push(moves[choice % len(moves)])
        ply += 1
    return board


def snapshot(board: Board) -> tuple[object, ...]:
    return (
        board.position(),
        board.turn,
        board.transcript(),
        tuple(board.move_stack),
        board.disc_supply(),
        board.result(),
    )


@relaxed
@given(games)
def test_pop_is_the_exact_inverse_of_push(choices: list[int]) -> None:
    board = Board()
    history = [snapshot(board)]
    for choice in choices:
        moves = board.legal_moves()
        if not moves:
            break
        board.push(moves[choice % len(moves)])
        history.append(snapshot(board))
    while board.ply:
        history.pop()
        board.pop()
        assert snapshot(board) == history[-1]
    assert board == Board()


@relaxed
@given(games)
def test_disc_count_rises_by_one_plus_the_flips(choices: list[int]) -> None:
    board = Board()
    for choice in choices:
        moves = board.legal_moves()
        if not moves:
            break
        move = moves[choice % len(moves)]
        mover = board.turn
        before = (board.count(mover), board.count(mover.opponent))
        flipped = board.flips(move)
        if not move.is_pass:
            assert set(flipped) == reference_flips(board, move.square) != set()
        board.push(move)
        n = len(flipped)
        if move.is_pass:
            assert n == 0
            assert (board.count(mover), board.count(mover.opponent)) == before
        else:
            assert (board.count(mover), board.count(mover.opponent)) == (
                before[0] + 1 + n,
                before[1] - n,
            )
            assert all(board.piece_at(sq) is mover for sq in [*flipped, move.square])


@relaxed
@given(games, st.booleans())
def test_position_and_transcript_round_trip(choices: list[int], to_end: bool) -> None:
    board = play_to_end(choices) if to_end else play(choices)
    again = Board.from_position(board.position())
    assert again == board and hash(again) == hash(board)
    assert again.position() == board.position()
    replay = Board.from_transcript(board.transcript())
    # Passes inside the game come back as implied passes; a pass after the last placement
    # is not in the transcript, so compare with the board before it.
    trimmed = board.copy()
    while trimmed.move_stack and trimmed.move_stack[-1] == PASS_MOVE:
        trimmed.pop()
    assert replay == trimmed
    assert replay.move_stack == trimmed.move_stack
    spaced = " ".join(f"{i + 1}. {m}" for i, m in enumerate(board.move_stack)).upper()
    assert Board.from_transcript(spaced) == board  # numbered, upper case, passes written


def check_pass_rule(board: Board) -> None:
    placements = [sq for sq in range(64) if reference_flips(board, sq)]
    opponent_can_move = False
    if not placements:
        other = board.copy()
        other.turn = board.turn.opponent  # look at the other side's options
        opponent_can_move = any(reference_flips(other, sq) for sq in range(64))
    legal = board.legal_moves()
    if placements:
        assert [m.square for m in legal] == placements
        assert not board.is_legal(PASS_MOVE) and board.has_legal_move()
    elif opponent_can_move:
        assert legal == [PASS_MOVE] and board.is_legal(PASS_MOVE)
    else:
        assert legal == [] and board.is_game_over() and board.result().over
    assert board.is_game_over() == (legal == [])


@relaxed
@given(games, st.booleans())
def test_a_pass_is_legal_only_when_nothing_else_is(choices: list[int], to_end: bool) -> None:
    if not to_end:
        check_pass_rule(play(choices))
        return
    board = play_to_end(choices)  # check every position of a complete game
    while True:
        check_pass_rule(board)
        if not board.ply:
            break
        board.pop()


@relaxed
@given(games)
def test_copy_is_independent(choices: list[int]) -> None:
    board = play(choices)
    copy = board.copy()
    assert copy == board and copy.move_stack == board.move_stack
    moves = copy.legal_moves()
    if moves:
        copy.push(moves[0])
        assert copy != board  # a placement changes discs, a pass changes the side to move
        assert copy.ply == board.ply + 1


def test_move_string_round_trip() -> None:
    for sq in range(64):
        move = Move(sq)
        assert Move.parse(str(move)) == move and Move.parse(str(move).upper()) == move
    assert str(Color.BLACK) == "Black" and str(Color.WHITE) == "White"
