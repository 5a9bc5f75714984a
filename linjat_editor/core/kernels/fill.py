"""The generator: add dots where the solver gets stuck (spec section 5).

Adding a dot never invalidates a deduction already made, so the solver runs
on and a dot is added only when it finds nothing. Each dot goes where it
carries the least information: the free cell the most numbers could reach at
the start plus the most that can reach it now. ``allowed`` marks the cells a
dot may go on: every cell for the optimizer; the cells of one chosen solution
when filling a designer's numbers, so that solution always stays valid.

The optimizer may hand the generator a parent's dots as hints, so a child's
fill follows its parent's: either all of them before the first round
(``upfront``), or one at a time, where it gets stuck, the parent's next dot
that is still free and reachable; and a number in the uncontested situation
takes a hint it reaches before a dot of the generator's choosing. A child's
fill that fails after leaving its known solution goes back (``fill_or_keep``).
"""


from .bits import bit, copy, helper, kernel, popcount, rand_below
from .board import LAYER_KIND, LAYER_WIDTH, UNCLAIMED, build_board
from .layer import CONTRADICTION, EVERY_RULE, NONE, RUNNING, SINGLE_SOLUTION, SOLVED, STUCK, record, step
from .rules import EVERYONE, ZERO, finished, reaching_dots, refresh_possible, uncontested_placement, update_possible

#: The original's cap on generator rounds.
MAX_ROUNDS = 100
#: ``back_ints[ARMED]``: 1 while a fill with a way back (``fill_or_keep``) has not yet left the known
#: solution, 2 once ``add_dot`` noted where it did (``point``), 0 for a fill without one.
ARMED = 4


@kernel
def add_dot(b, mask, rng, allowed):
    """Put a dot on the least informative free, allowed cell some number in ``mask`` reaches."""
    h, w, dot, claimed, possible, start_possible = b.h, b.w, b.dot, b.claimed, b.possible, b.start_possible
    best = -1
    best_score = -1
    ties = 0
    for cell in range(h * w):
        if claimed[cell] != UNCLAIMED or dot[cell] or not allowed[cell] or possible[cell] & mask == ZERO:
            continue
        score = popcount(start_possible[cell]) + popcount(possible[cell])
        if score > best_score:
            best_score = score
            best = cell
            ties = 1
        elif score == best_score:
            ties += 1
            if rand_below(rng, ties) == 0:
                best = cell
    if best < 0:
        return False
    if b.back_ints[ARMED] == 1 and not b.known[best]:
        point(b, False)  # the state just before the fill's first dot off the known solution
        b.back_ints[ARMED] = 2
    place_dot(b, best)
    return True


@kernel
def place_dot(b, cell):
    """Put a dot on ``cell`` and note it in the generator's order."""
    b.dot[cell] = True
    b.single_todo[0] |= b.reach[cell] | b.possible[cell]  # the numbers whose lines the dot is on
    b.added[b.nadded[0]] = cell
    b.nadded[0] += 1
    # Keep the dot list in cell order (dependency visits dots in that order).
    dots = b.dots
    i = b.ndots[0]
    while i > 0 and dots[i - 1] > cell:
        dots[i] = dots[i - 1]
        i -= 1
    dots[i] = cell
    b.ndots[0] += 1


@helper
def usable_hint(b, cell, allowed, mask):
    """A hint can go in: free, not a dot, allowed, and some number in ``mask`` reaches it."""
    return b.claimed[cell] == UNCLAIMED and not b.dot[cell] and allowed[cell] and b.possible[cell] & mask != ZERO


@kernel
def add_hinted(b, rng, allowed):
    """Where the solver is stuck: the next hint still free and reachable, else the least informative cell.

    A hint that is claimed, a dot or out of every number's reach stays so
    for the rest of the fill: it is skipped for good.
    """
    hint, at = b.hint, b.hint_at
    while at[1] < at[0]:
        cell = hint[at[1]]
        at[1] += 1
        if usable_hint(b, cell, allowed, EVERYONE):
            place_dot(b, cell)
            return True
    return add_dot(b, EVERYONE, rng, allowed)


@kernel
def hinted_for(b, mask, allowed):
    """Place the first unused hint some number in ``mask`` reaches; False if none."""
    hint, at = b.hint, b.hint_at
    for i in range(at[1], at[0]):
        cell = hint[i]
        if usable_hint(b, cell, allowed, mask):
            place_dot(b, cell)
            return True
    return False


@kernel
def break_uncontested(b, rng, allowed):
    """Give every number that could take an uncontested placement a dot to reach (a hint it reaches, if any).

    Returns whether any number was in that situation.
    """
    n, val, dot, pbeg, pstart, pstep, alive, claimed, possible, cross_cells, cross_size = b.n, b.val, b.dot, b.pbeg, b.pstart, b.pstep, b.alive, b.claimed, b.possible, b.cross_cells, b.cross_size
    refresh_possible(b)
    busy = reaching_dots(b)
    found = False
    for p in range(n):
        # A number that reaches a dot, or is finished, is not in that situation (the test would scan its cross to say so).
        if bit(p) & busy != ZERO or finished(b, p):
            continue
        if uncontested_placement(val, dot, pbeg, pstart, pstep, alive, claimed, possible, cross_cells, cross_size, p) >= 0:
            found = True
            if not hinted_for(b, bit(p), allowed):
                add_dot(b, bit(p), rng, allowed)
            busy = reaching_dots(b)
    return found


@kernel
def start_fill(b):
    """Build the board from its numbers and pinned dots, as a fill starts: nothing added, no hint used yet."""
    build_board(b)
    update_possible(b)
    copy(b.start_possible, b.possible, b.possible.size)
    b.nadded[0] = 0
    b.hint_at[1] = 0


@kernel
def keep_hints(b, allowed):
    """Place every hint still free before the first round, in order: a child starting from its parent's dots."""
    hint = b.hint
    for i in range(b.hint_at[0]):
        cell = hint[i]
        if usable_hint(b, cell, allowed, EVERYONE):
            place_dot(b, cell)
    b.hint_at[1] = b.hint_at[0]


@kernel
def fill_board(b, rng, allowed, sound, upfront=False, rules=EVERY_RULE):
    """Add dots (on ``allowed`` cells) to ``b``'s dot array until the solver solves it or nothing helps.

    Where it gets stuck, ``b``'s hints go first (``hint_at[0]`` of them;
    none unless the caller set them); with ``upfront`` they all go in
    before the first round instead, and the fill only adds where the level
    with them gets stuck. Either way ``added`` lists them with the rest.

    ``sound``: a single-solution layer is undone and counted as stuck, so a
    dot goes in instead. When steering toward one solution this matters: the
    leak assumes uniqueness, and on a still ambiguous board it can deduce
    its way into a contradiction although the solution is still there.

    ``rules``: the solving kinds the solver may use (see ``layer.layer``):
    dots go where they are stuck, so the level is solved by those alone.

    Returns the generator's final status (SOLVED does not yet mean the level
    is good: the caller classifies it afresh), whether a single-solution
    leak was used on the way, and whether its rounds were the classification
    itself (then ``b.table`` and the kinds and widths in ``b.layers`` are
    what ``layer.solve_board`` would record; ``classified``). They are when
    a fill that is not ``sound`` solved the level without adding a dot or
    meeting a number in the uncontested situation: each round was then the
    solver's layer on the final dots, whose first rule (uncontested-no-cover)
    had nothing to take. The optimizer then does not solve the level a
    second time.

    The rounds try every kind the solver does, the crossing one-of pass
    too: where they stop, the solver stops. (Without that pass a level never
    needed it: the generator laid a dot wherever it would have helped.)
    """
    return fill_rounds(b, rng, allowed, sound, upfront, rules, False)


@kernel
def fill_or_keep(b, rng, allowed, upfront, rules):
    """``fill_board`` (not sound) for numbers with a known solution (``b.known``: the cells its lines cover), with a way back.

    The fill's dots go anywhere ``allowed``; one off the known solution
    either leads to another solution of the numbers or, far more often, into
    a contradiction. A fill that fails so goes back to the state just before
    its first dot off the known solution (``add_dot`` notes it, ``point``) and goes on
    from there with dots on the known solution only, which then stays a
    solution (only a uniqueness leak can still lead astray). Both halves
    count: fills kept on the known solution from the start made expert
    levels about 50 points worse (the search climbs through the fills that
    leave it), while a fill that failed wasted its child: 60% of an expert
    run's children, 38% with the way back.
    """
    return fill_rounds(b, rng, allowed, False, upfront, rules, True)


@helper
def keep(live, kept, count, back):
    """``kept[:count] = live[:count]``, or with ``back`` the other way round."""
    if back:
        copy(live, kept, count)
    else:
        copy(kept, live, count)


@kernel
def point(b, back):
    """Note the fill's state (the solver's, the dots, the hints used) in ``b.back_*``, or with ``back`` return to it.

    ``add_dot`` notes it before a fill's first dot off the known solution; ``fill_rounds`` goes back to it.
    """
    cells, most = b.h * b.w, b.pbeg[b.n]
    ints, masks = b.back_ints, b.back_masks
    if back:
        b.ndots[0], b.nadded[0], b.hint_at[1], b.nalive[0] = ints[0], ints[1], ints[2], ints[3]
        b.fit_todo[0], b.single_todo[0], b.dropped[0], b.pair_todo[0], b.pair_todo[1] = masks[0], masks[1], masks[2], masks[3], masks[4]
    else:
        ints[0], ints[1], ints[2], ints[3] = b.ndots[0], b.nadded[0], b.hint_at[1], b.nalive[0]
        masks[0], masks[1], masks[2], masks[3], masks[4] = b.fit_todo[0], b.single_todo[0], b.dropped[0], b.pair_todo[0], b.pair_todo[1]
    if back:
        b.finished[0] = ZERO  # (numbers done since then may not be, there)
    keep(b.alive, b.back_alive, most, back)
    keep(b.seen_alive, b.back_seen_alive, most, back)
    keep(b.claimed, b.back_claimed, cells, back)
    keep(b.possible, b.back_possible, cells, back)
    keep(b.dot, b.back_dot, cells, back)
    keep(b.reach, b.back_reach, cells, back)
    keep(b.seen_claimed, b.back_seen_claimed, cells, back)
    keep(b.dots, b.back_dots, b.ndots[0], back)
    keep(b.added, b.back_added, b.nadded[0], back)


@kernel
def fill_rounds(b, rng, allowed, sound, upfront, rules, way_back):
    """The generator's rounds (``fill_board``); ``way_back``: go back once as ``fill_or_keep`` says."""
    possible, alive, claimed = b.possible, b.alive, b.claimed
    keep_alive, keep_claimed, keep_possible = b.keep_alive, b.keep_claimed, b.keep_possible
    table, layers = b.table, b.layers
    b.back_ints[ARMED] = 1 if way_back else 0
    start_fill(b)
    if upfront:
        keep_hints(b, allowed)  # the parent's dots: all on the known solution
    state = NONE
    leaked = False
    settled = False
    classified = not sound
    if classified:
        table[:, :] = 0
    t = 0
    mask = allowed
    # Where the fill left the known solution (``add_dot`` noted the state there): the loop's own state
    # then, and whether it was a stuck round's new dot (else a round's dots for uncontested numbers).
    back_round, back_stuck, back_changed, back_leaked = 0, False, False, False
    backed = False
    changed = False
    rounds = 0
    to_stuck = False  # gone back to a stuck round's new dot: the round's layer was already run
    while True:
        while rounds < MAX_ROUNDS:
            if not to_stuck:
                # A settled round (see ``layer``) starts from the last round's state plus
                # one dot: ``possible`` is still fresh, and a dot can only take a number
                # out of the uncontested situation, never put one in.
                if not settled:
                    armed = b.back_ints[ARMED]
                    if break_uncontested(b, rng, mask):  # leaves ``possible`` fresh
                        classified = False
                    if armed == 1 and b.back_ints[ARMED] == 2:
                        back_round, back_stuck, back_leaked = rounds, False, leaked
                if sound:
                    copy(keep_alive, alive, alive.size)
                    copy(keep_claimed, claimed, claimed.size)
                    copy(keep_possible, possible, possible.size)
                # Until the fill adds a dot its rounds may be the classification: the solver's layers, exactly.
                state, kind, width, changed = step(b, settled, rules, classified)
                settled = False
                if sound and kind == SINGLE_SOLUTION:
                    copy(alive, keep_alive, alive.size)
                    copy(claimed, keep_claimed, claimed.size)
                    copy(possible, keep_possible, possible.size)
                    # What the rules noted for the passes that skip the unchanged and for the refresh
                    # (``fit_todo``, ``pair_todo``, ``single_todo``, ``dropped``) was of the undone state: look at every number.
                    b.fit_todo[0] = EVERYONE
                    b.pair_todo[0] = EVERYONE
                    b.pair_todo[1] = EVERYONE
                    b.single_todo[0] = EVERYONE
                    b.dropped[0] = EVERYONE
                    b.finished[0] = ZERO
                    state, kind = RUNNING, NONE
                    changed = True
                leaked |= kind == SINGLE_SOLUTION
                if classified and kind != NONE:
                    record(table, kind, width)
                    layers[t, LAYER_KIND] = kind
                    layers[t, LAYER_WIDTH] = width
                    t += 1
                if state == SOLVED or state == CONTRADICTION:
                    break
                if kind != NONE:
                    rounds += 1
                    continue
                classified = False
            to_stuck = False
            armed = b.back_ints[ARMED]
            if not add_hinted(b, rng, mask):
                break
            if armed == 1 and b.back_ints[ARMED] == 2:
                back_round, back_stuck, back_changed, back_leaked = rounds, True, changed, leaked
            settled = not changed
            rounds += 1
        if state == SOLVED or b.back_ints[ARMED] != 2 or backed:
            break
        # The fill failed after leaving the known solution: back to where it left, on the known solution only.
        point(b, True)
        mask = b.known
        backed = True
        rounds, leaked, classified, settled, changed = back_round, back_leaked, False, False, back_changed
        state = STUCK
        to_stuck = back_stuck
    # (Solved before any round: the solver's first layer might still have found something.)
    return state, leaked, classified and state == SOLVED and t > 0


@kernel
def sort_numbers(n, pos, val):
    """Row-major order, as a Level keeps them (the solver breaks rare ties by order)."""
    for i in range(1, n):
        p = pos[i]
        v = val[i]
        j = i - 1
        while j >= 0 and pos[j] > p:
            pos[j + 1] = pos[j]
            val[j + 1] = val[j]
            j -= 1
        pos[j + 1] = p
        val[j + 1] = v


@kernel
def random_numbers(h, w, n, pos, val, blocked, taken, rng):
    """Numbers 2-5 on n distinct random cells not in ``blocked``; False if they do not fit.

    ``taken`` (h * w) is scratch space.
    """
    free = 0
    for cell in range(h * w):
        if not blocked[cell]:
            free += 1
    if free < n:
        return False
    copy(taken, blocked, h * w)
    for p in range(n):
        while True:
            cell = rand_below(rng, h * w)
            if not taken[cell]:
                break
        taken[cell] = True
        pos[p] = cell
        val[p] = 2 + rand_below(rng, 4)
    sort_numbers(n, pos, val)
    return True
