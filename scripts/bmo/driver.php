<?php
/*
 * Ask Button Men Online's own engine (src/engine of buttonmen-dev/buttonmen) about
 * a list of cases. Usage: php driver.php BMO_SRC_DIR < cases.json > answers.json
 *
 * Each case is {"id", "cat", ...} as written by scripts/bmo/cases.py; each answer is
 * {"id", ...} with what BMO says. Only BMO's public engine classes are called, the way
 * its PHPUnit tests call them (test/src/engine/BMGameTest.php and BMAttack*Test.php).
 * No BMO code is copied here.
 */

error_reporting(E_ALL & ~E_DEPRECATED & ~E_NOTICE & ~E_WARNING & ~E_STRICT);
ini_set('display_errors', 'stderr');

// Dice rolls: BMO's bootstrap defines bm_rand only if it does not exist yet, so this
// deterministic version wins. 'min' / 'max' make every roll its lowest / highest face;
// a queue, when set, is used first.
$GLOBALS['BM_ROLL_MODE'] = 'min';
$GLOBALS['BM_ROLL_QUEUE'] = array();
$GLOBALS['BM_ROLL_LOG'] = array();
$GLOBALS['BM_RAW_QUEUE'] = array();
function bm_rand($min = FALSE, $max = FALSE) {
    if (!is_numeric($min) || !is_numeric($max)) {
        return 4;  // only used for random keys, never for play
    }
    $GLOBALS['BM_ROLL_LOG'][] = array($min, $max);
    if (!empty($GLOBALS['BM_RAW_QUEUE'])) {
        // a recipe deal (random_recipe cases): raw numbers, each taken modulo the range
        $raw = array_shift($GLOBALS['BM_RAW_QUEUE']);
        return $min + $raw % ($max - $min + 1);
    }
    if (!empty($GLOBALS['BM_ROLL_QUEUE'])) {
        $v = array_shift($GLOBALS['BM_ROLL_QUEUE']);
        return max($min, min($max, $v));
    }
    return $GLOBALS['BM_ROLL_MODE'] == 'max' ? $max : $min;
}
function bm_skill_rand($min = FALSE, $max = FALSE) {
    return bm_rand($min, $max);
}

require_once $argv[1] . '/src/lib/bootstrap.php';
spl_autoload_register('buttonweavers_autoload');

function letters_of($die) {
    $out = '';
    foreach ($die->skillList as $skill) {
        $out .= BMSkill::abbreviate_skill_name($skill);
    }
    return $out;
}

function kind_of($die) {
    if ($die instanceof BMDieOption) return 'option';
    if ($die instanceof BMDieTwin) return 'twin';
    if ($die instanceof BMDieWildcard) return 'wildcard';
    if ($die instanceof BMDieSwing) return 'swing';
    return 'fixed';
}

// A parsed (unsized) die as BMO holds it.
function describe_spec($die) {
    $out = array('recipe' => $die->get_recipe(), 'kind' => kind_of($die),
                 'skills' => letters_of($die));
    $k = $out['kind'];
    if ($k == 'fixed') $out['sides'] = $die->max;
    if ($k == 'swing') $out['swing'] = $die->swingType;
    if ($k == 'option') $out['options'] = array_map('intval', $die->optionValueArray);
    if ($k == 'twin') {
        $halves = array();
        foreach ($die->dice as $sub) {
            $halves[] = ($sub instanceof BMDieSwing) ? array('swing' => $sub->swingType)
                                                      : array('sides' => $sub->max);
        }
        $out['twin'] = $halves;
    }
    return $out;
}

// A die in play as BMO holds it (sized notation, size, lowest face, value, skills).
function describe_die($die) {
    return array('recipe' => $die->get_recipe(TRUE), 'skills' => letters_of($die),
                 'max' => $die->max, 'min' => $die->min, 'value' => $die->value);
}

// Build one die in play from {"recipe", "sides"?, "value"?}.
function make_die($spec, $playerIdx, $game = NULL) {
    $die = BMDie::create_from_recipe($spec['recipe'], TRUE);
    if (is_null($die)) {
        throw new Exception('die did not load: ' . $spec['recipe']);
    }
    if (array_key_exists('sides', $spec) && !is_null($spec['sides'])) {
        if ($die instanceof BMDieOption) {
            if (!$die->set_optionValue($spec['sides'])) throw new Exception('bad option size');
        } elseif ($die instanceof BMDieSwing) {
            if (!$die->set_swingValue(array($die->swingType => $spec['sides']))) {
                throw new Exception('bad swing size');
            }
        } elseif ($die instanceof BMDieTwin) {
            $letter = NULL;
            foreach ($die->dice as $sub) {
                if ($sub instanceof BMDieSwing) $letter = $sub->swingType;
            }
            if (!$die->set_swingValue(array($letter => $spec['sides']))) {
                throw new Exception('bad twin swing size');
            }
        }
    }
    if (array_key_exists('value', $spec) && !is_null($spec['value'])) {
        set_die_value($die, $spec['value']);
    }
    $die->playerIdx = $playerIdx;
    $die->originalPlayerIdx = $playerIdx;
    if (!is_null($game)) $die->ownerObject = $game;
    if (array_key_exists('captured', $spec)) $die->captured = (bool)$spec['captured'];
    return $die;
}

// A game in the middle of a round with these dice on the board, player 0 to move.
// `buttons` names each player's button, for button-level skills (BMBtnSkill<Name>).
function make_game($mine, $theirs, $buttons = array(NULL, NULL)) {
    $game = new BMGame(1, array(1, 2), array('', ''), 3);
    $game->hasPlayerAcceptedGameArray = array(TRUE, TRUE);
    foreach ($game->playerArray as $idx => $p) {
        $button = new BMButton;
        $button->load('', $buttons[$idx] ?? NULL);
        $p->button = $button;
    }
    $dice = array(array(), array());
    foreach (array($mine, $theirs) as $idx => $list) {
        foreach ($list as $spec) $dice[$idx][] = make_die($spec, $idx, $game);
    }
    $game->activeDieArrayArray = $dice;
    $game->capturedDieArrayArray = array(array(), array());
    $game->activePlayerIdx = 0;
    $game->playerWithInitiativeIdx = 0;
    return $game;
}

function do_parse($c) {
    $tokens = preg_split('/[[:space:]]+/', $c['recipe']);
    $out = array('dice' => array());
    $b = new BMButton;
    try {
        $b->load($c['recipe'], NULL, FALSE, TRUE, FALSE);
        $out['ok'] = TRUE;
        $out['unimplemented'] = (bool)$b->hasUnimplementedSkill;
    } catch (Throwable $e) {
        $out['ok'] = FALSE;
        $out['error'] = $e->getMessage();
        return $out;
    }
    if ('' === $c['recipe']) return $out;
    foreach ($tokens as $t) {
        try {
            $die = BMDie::create_from_recipe($t, TRUE);
            $d = describe_spec($die);
            $d['unimplemented'] = (bool)BMDie::unimplemented_skill_in_recipe($t);
            $out['dice'][] = $d;
        } catch (BMExceptionUnimplementedSkill $e) {
            $out['dice'][] = array('dropped' => $t, 'why' => $e->getMessage());
        } catch (BMExceptionUnimplementedDie $e) {
            $out['dice'][] = array('dropped' => $t, 'why' => $e->getMessage());
        }
    }
    return $out;
}

function do_validate($c) {
    $out = array();
    $b = new BMButton;
    try {
        $b->load($c['recipe'], NULL, FALSE, TRUE, FALSE);
        $out['unimplemented'] = (bool)$b->hasUnimplementedSkill;
    } catch (Throwable $e) {
        $out['unimplemented'] = FALSE;
    }
    $b = new BMButton;
    try {
        $b->load($c['recipe'], NULL, FALSE, TRUE, TRUE);
        $out['valid'] = TRUE;
    } catch (Throwable $e) {
        $out['valid'] = FALSE;
        $out['error'] = $e->getMessage();
    }
    return $out;
}

function do_legal($c) {
    $game = make_game($c['mine'], $c['theirs'], $c['buttons'] ?? array(NULL, NULL));
    $type = $c['type'];
    $game->attack = array(0, 1, $c['att'], $c['def'], $type);
    $a = BMAttack::create($type);
    $dice = $game->activeDieArrayArray;
    foreach ($dice[0] as $d) $a->add_die($d);
    $attackers = array();
    foreach ($c['att'] as $i) $attackers[] = $dice[0][$i];
    $defenders = array();
    foreach ($c['def'] as $i) $defenders[] = $dice[1][$i];
    $ok = $a->validate_attack($game, $attackers, $defenders);
    return array('valid' => (bool)$ok, 'message' => $a->validationMessage);
}

function do_menu($c) {
    $game = make_game($c['mine'], $c['theirs'], $c['buttons'] ?? array(NULL, NULL));
    return array('types' => array_values($game->valid_attack_types()));
}

function board_of($game) {
    $out = array();
    foreach ($game->playerArray as $p) {
        $side = array('active' => array(), 'captured' => array(), 'out' => array());
        foreach ($p->activeDieArray as $d) $side['active'][] = describe_die($d);
        foreach ($p->capturedDieArray as $d) $side['captured'][] = describe_die($d);
        foreach ((array)$p->outOfPlayDieArray as $d) $side['out'][] = describe_die($d);
        $out[] = $side;
    }
    return $out;
}

// Commit an attack the way BMGame does once it is accepted, then end the turn
// (Ornery re-rolls happen there), with every roll at its lowest or highest face.
function do_board($c) {
    $check = do_legal($c);
    if (!$check['valid']) return array('valid' => FALSE);
    // an attack that only Fire help makes legal waits for the player's turn-down choice
    $game = make_game($c['mine'], $c['theirs']);
    $game->attack = array(0, 1, $c['att'], $c['def'], $c['type']);
    $a = BMAttack::create($c['type']);
    foreach ($game->activeDieArrayArray[0] as $d) $a->add_die($d);
    $att = array();
    foreach ($c['att'] as $i) $att[] = $game->activeDieArrayArray[0][$i];
    $def = array();
    foreach ($c['def'] as $i) $def[] = $game->activeDieArrayArray[1][$i];
    if (!$a->validate_attack($game, $att, $def, array('helpValue' => 0))) {
        return array('skip' => 'needs Fire help (a turn-down choice)');
    }
    $runs = array();
    $extra = array();
    foreach (array('min', 'max') as $mode) {
        $GLOBALS['BM_ROLL_MODE'] = $mode;
        $game = make_game($c['mine'], $c['theirs']);
        // a turn in the middle of a round: BMO treats dice rolled on the round's first
        // turn as rolled into the round (BMSkillMighty::pre_roll and others skip them)
        $game->turnNumberInRound = $c['turn'] ?? 4;
        $game->gameState = BMGameState::START_TURN;
        $game->attack = array(0, 1, $c['att'], $c['def'], $c['type']);
        $game->do_next_step();  // nothing happens at start of turn but the record
        $game->gameState = BMGameState::COMMIT_ATTACK;
        $game->do_next_step();
        $game->gameState = BMGameState::END_TURN;
        $game->do_next_step();
        $runs[$mode] = board_of($game);
        // TimeAndSpace and Jolt give the attacker the next turn (BMGame::update_active_player)
        $extra[$mode] = (isset($game->nextPlayerIdx) && 0 === $game->nextPlayerIdx);
    }
    return array('valid' => TRUE, 'runs' => $runs, 'extra_turn' => $extra);
}

function do_score($c) {
    $out = array();
    foreach ($c['dice'] as $spec) {
        $d = make_die($spec, 0);
        $d->captured = !empty($spec['captured']);
        $out[] = $d->get_scoreValueTimesTen();
    }
    return array('times_ten' => $out);
}

function do_initiative($c) {
    $sides = array();
    foreach (array($c['mine'], $c['theirs']) as $idx => $list) {
        $row = array();
        foreach ($list as $spec) $row[] = make_die($spec, $idx);
        $sides[] = $row;
    }
    $has = BMGame::does_player_have_initiative_array($sides);
    return array('has' => array_map('boolval', $has));
}

// Every face a die can show, each equally likely: one value, or a twin's two halves.
function die_faces($probe) {
    $faces = array();
    if ($probe instanceof BMDieTwin) {
        foreach (range($probe->dice[0]->min, $probe->dice[0]->max) as $a) {
            foreach (range($probe->dice[1]->min, $probe->dice[1]->max) as $b) {
                $faces[] = array($a, $b);
            }
        }
    } else {
        foreach (range($probe->min, $probe->max) as $a) $faces[] = array($a);
    }
    return $faces;
}

// Every joint roll of both players' dice: how often only player 0, only player 1, or
// both have initiative. Each die's faces go through BMO's own roll() (so Maximum shows
// its top face), every face equally likely, a twin's two halves each.
function roll_outcomes($spec, $idx) {
    $faces = die_faces(make_die($spec, $idx));
    $out = array();
    foreach ($faces as $f) {
        $d = make_die($spec, $idx);
        $GLOBALS['BM_ROLL_QUEUE'] = $f;
        $d->roll(FALSE);
        $GLOBALS['BM_ROLL_QUEUE'] = array();
        $out[] = $d->value;
    }
    return $out;
}

function do_initiative_odds($c) {
    $sides = array();
    $all = array();
    foreach (array($c['mine'], $c['theirs']) as $idx => $list) {
        $row = array();
        foreach ($list as $spec) {
            $d = make_die($spec, $idx);
            $row[] = $d;
            $all[] = array($d, roll_outcomes($spec, $idx));
        }
        $sides[] = $row;
    }
    $counts = array(0, 0, 0);
    $total = 0;
    $rec = function ($k) use (&$rec, &$all, &$counts, &$total, &$sides) {
        if ($k == count($all)) {
            $has = BMGame::does_player_have_initiative_array($sides);
            if ($has[0] && $has[1]) $counts[2]++; elseif ($has[0]) $counts[0]++; else $counts[1]++;
            $total++;
            return;
        }
        foreach ($all[$k][1] as $v) {
            $all[$k][0]->value = $v;
            $rec($k + 1);
        }
    };
    $rec(0);
    return array('counts' => $counts, 'total' => $total);
}

// A player without the initiative re-rolls one Chance die (BMGame's own
// react_to_initiative_chance, reached by reflection so the game does not go on): for
// each Chance die, over every face of its re-roll, how often that wins the initiative.
function chance_try($c, $i, $faces) {
    $game = make_game($c['mine'], $c['theirs']);
    $game->gameState = BMGameState::REACT_TO_INITIATIVE;
    $m = new ReflectionMethod('BMGame', 'react_to_initiative_chance');
    $m->setAccessible(TRUE);
    $GLOBALS['BM_ROLL_QUEUE'] = $faces;
    $r = $m->invoke($game, array('playerIdx' => 0, 'rerolledDieIdx' => $i));
    $GLOBALS['BM_ROLL_QUEUE'] = array();
    return array($r['gainedInitiative'], $game->activeDieArrayArray[0][$i]);
}

function do_chance($c) {
    $game = make_game($c['mine'], $c['theirs']);
    $has = BMGame::does_player_have_initiative_array($game->activeDieArrayArray);
    if ($has[0] && !$has[1]) {
        // BMGame::do_next_step_react_to_initiative asks only the players without the
        // initiative: player 0 gets no re-roll (and no Focus turn-down)
        $game->playerWithInitiativeIdx = 0;
        $game->gameState = BMGameState::REACT_TO_INITIATIVE;
        foreach ($game->playerArray as $p) $p->waitingOnAction = FALSE;
        $game->do_next_step();
        return array('rerolls' => array(), 'first' => TRUE,
                     'asked' => (bool)$game->playerArray[0]->waitingOnAction);
    }
    $out = array();
    foreach ($game->activeDieArrayArray[0] as $i => $die) {
        if (!$die->has_skill('Chance')) continue;
        list($gain, $probe) = chance_try($c, $i, array(1, 1));  // its size after pre_roll
        $faces = die_faces($probe);
        $wins = 0;
        foreach ($faces as $f) {
            list($gain, $after) = chance_try($c, $i, $f);
            if ($gain) $wins++;
        }
        $out[] = array('die' => $i, 'wins' => $wins, 'total' => count($faces),
                       'size_after' => $probe->max);
    }
    $answer = array('rerolls' => $out);
    // Focus: turn every Focus die down to its lowest value (the best try there is, as a
    // lower value never loses initiative) through BMGame::react_to_initiative_focus
    $focus = array();
    foreach ($game->activeDieArrayArray[0] as $i => $die) {
        if ($die->has_skill('Focus')) $focus[$i] = $die->min;
    }
    if (!empty($focus)) {
        $try = make_game($c['mine'], $c['theirs']);
        $try->gameState = BMGameState::REACT_TO_INITIATIVE;
        $m = new ReflectionMethod('BMGame', 'react_to_initiative_focus');
        $m->setAccessible(TRUE);
        $r = $m->invoke($try, array('playerIdx' => 0, 'focusValueArray' => $focus));
        $answer['focus'] = array('dice' => array_keys($focus),
                                 'can_take_initiative' => is_array($r) && $r['gainedInitiative']);
    }
    return $answer;
}

// The end of a turn and of the round, as BMGame decides them: is the round over (a
// player without dice, or every player passed), the round scores and sides, the round's
// result and whether the match is won (maxWins 3).
function do_round($c) {
    $game = make_game($c['mine']['dice'], $c['theirs']['dice']);
    $caught = array(array(), array());
    foreach (array($c['mine'], $c['theirs']) as $idx => $side) {
        foreach ($side['captured'] as $spec) {
            $d = make_die($spec, $idx, $game);
            $d->captured = TRUE;
            $caught[$idx][] = $d;
        }
    }
    $game->capturedDieArrayArray = $caught;
    $w = $c['wins'];
    $game->gameScoreArrayArray = array(array('W' => $w[0], 'L' => $w[1], 'D' => 0),
                                       array('W' => $w[1], 'L' => $w[0], 'D' => 0));
    $game->gameState = BMGameState::START_TURN;
    $scores = array($game->playerArray[0]->roundScore, $game->playerArray[1]->roundScore);
    $m = new ReflectionMethod('BMGame', 'get_sideScoreArray');
    $m->setAccessible(TRUE);
    $sides = $m->invoke($game);
    $game->nRecentPasses = $c['passes'];
    $game->gameState = BMGameState::END_TURN;
    $game->update_game_state();
    $out = array('over' => $game->gameState == BMGameState::END_ROUND, 'scores' => $scores,
                 'sides' => $sides);
    if ($out['over']) {
        // a chosen swing size for each player: the round's loser has to choose again
        foreach ($game->playerArray as $p) $p->swingValueArray = array('X' => 10);
        $game->do_next_step();
        $out['result'] = $game->gameScoreArrayArray;
        $out['may_change_sizes'] = array(empty($game->playerArray[0]->swingValueArray),
                                         empty($game->playerArray[1]->swingValueArray));
        $game->update_game_state();
        $out['game_over'] = $game->gameState == BMGameState::END_GAME;
    }
    return $out;
}

// Every legal attack on a small board: each attack type any die offers
// (BMAttack::possible_attack_types), each set of attackers, each set of targets,
// judged by BMAttack*::validate_attack (Fire help from the rest of the board included).
function subsets($n) {
    $out = array();
    for ($mask = 1; $mask < (1 << $n); $mask++) {
        $s = array();
        for ($i = 0; $i < $n; $i++) if ($mask & (1 << $i)) $s[] = $i;
        $out[] = $s;
    }
    return $out;
}

function do_attack_list($c) {
    $buttons = $c['buttons'] ?? array(NULL, NULL);
    $game = make_game($c['mine'], $c['theirs'], $buttons);
    $types = BMAttack::possible_attack_types($game->activeDieArrayArray[0]);
    $found = array();
    foreach ($types as $type) {
        foreach (subsets(count($c['mine'])) as $att) {
            foreach (subsets(count($c['theirs'])) as $def) {
                $game = make_game($c['mine'], $c['theirs'], $buttons);
                $game->attack = array(0, 1, $att, $def, $type);
                $a = BMAttack::create($type);
                foreach ($game->activeDieArrayArray[0] as $d) $a->add_die($d);
                $ad = array();
                foreach ($att as $i) $ad[] = $game->activeDieArrayArray[0][$i];
                $dd = array();
                foreach ($def as $i) $dd[] = $game->activeDieArrayArray[1][$i];
                if ($a->validate_attack($game, $ad, $dd)) {
                    $found[] = array(strtolower($type), $att, $def);
                }
            }
        }
    }
    return array('attacks' => $found);
}

// The case's attack of `$type`, committed on a fresh game: BMO's rolls come from `$queue`
// (then each at its lowest face), and every roll it asks for is logged.
function committed_attack($c, $queue, $type) {
    $GLOBALS['BM_ROLL_MODE'] = 'min';
    $GLOBALS['BM_ROLL_QUEUE'] = $queue;
    $GLOBALS['BM_ROLL_LOG'] = array();
    $game = make_game($c['mine'], $c['theirs']);
    $game->turnNumberInRound = 4;
    $game->gameState = BMGameState::START_TURN;
    $game->attack = array(0, 1, $c['att'], $c['def'], $type);
    $game->do_next_step();
    $game->gameState = BMGameState::COMMIT_ATTACK;
    $game->do_next_step();
    return $game;
}

// A Trip attack's chance to capture: the trip rolls of attacker and target (one roll per
// die, two for a twin: the first rolls BMO asks for) over every face, through the whole
// commit; what BMO rolls afterwards is left at its lowest face.
function trip_run($c, $queue) {
    $game = committed_attack($c, $queue, 'Trip');
    $GLOBALS['BM_ROLL_QUEUE'] = array();
    return array(!empty($game->playerArray[0]->capturedDieArray), $GLOBALS["BM_ROLL_LOG"]);
}

function do_trip_odds($c) {
    $check = do_legal($c);
    if (!$check['valid']) return array('skip' => 'trip not legal in BMO');
    list($hit, $log) = trip_run($c, array());
    // Maximum and Konstant dice roll without asking; any later roll taken in is
    // independent of the capture, so it leaves the chance unchanged
    $k = min($c['trip_rolls'], count($log));
    $ranges = array_slice($log, 0, $k);
    $combos = array(array());
    foreach ($ranges as $r) {
        $next = array();
        foreach ($combos as $combo) {
            foreach (range($r[0], $r[1]) as $v) $next[] = array_merge($combo, array($v));
        }
        $combos = $next;
        if (count($combos) > 2500) return array('skip' => 'too many faces');
    }
    $wins = 0;
    foreach ($combos as $combo) {
        list($hit, $log) = trip_run($c, $combo);
        if (array_slice($log, 0, $k) != $ranges) return array('skip' => 'rolls changed shape');
        if ($hit) $wins++;
    }
    return array('captures' => $wins, 'total' => count($combos), 'ranges' => $ranges);
}

// The exact board after an attack (not Trip): every roll BMO asks for during the commit
// and the end of the turn (re-rolls, Mood and Mad sizes, Ornery) over all its faces.
// For each die left, how often each (size, value) comes up.
function board_run($c, $queue) {
    $game = committed_attack($c, $queue, $c['type']);
    $game->gameState = BMGameState::END_TURN;
    $game->do_next_step();
    $GLOBALS['BM_ROLL_QUEUE'] = array();
    return array(board_of($game), $GLOBALS['BM_ROLL_LOG']);
}

// Depth first over BMO's roll requests: a run takes the rolls given so far and asks for
// the next one at its lowest face; each face of that request is then tried in turn. A
// leaf's chance is 1 over the product of the sizes of the requests on its path.
function board_tree($c, $prefix, $den, &$leaves, &$runs) {
    if (++$runs > 6000) throw new RangeException('too many rolls');
    list($board, $log) = board_run($c, $prefix);
    if (count($log) > count($prefix)) {
        $r = $log[count($prefix)];
        foreach (range($r[0], $r[1]) as $v) {
            board_tree($c, array_merge($prefix, array($v)), $den * ($r[1] - $r[0] + 1),
                       $leaves, $runs);
        }
        return;
    }
    $leaves[] = array($board, $den);
}

function do_board_dist($c) {
    $first = do_board($c);
    if (!empty($first['skip']) || !$first['valid']) return array('skip' => 'not a plain legal attack');
    $leaves = array();
    $runs = 0;
    try {
        board_tree($c, array(), 1, $leaves, $runs);
    } catch (RangeException $e) {
        return array('skip' => 'too many rolls');
    }
    $shape = NULL;
    $slots = array();
    foreach ($leaves as $leaf) {
        list($board, $den) = $leaf;
        $here = array();
        foreach ($board as $p => $side) {
            foreach ($side as $key => $dice) {
                foreach ($dice as $i => $d) $here["$p/$key/$i"] = $d;
            }
        }
        $keys = array_keys($here);
        if (is_null($shape)) $shape = $keys;
        if ($keys !== $shape) return array('skip' => 'the dice left vary with the rolls');
        foreach ($here as $slot => $d) {
            if (!isset($slots[$slot])) $slots[$slot] = array('skills' => $d['skills'], 'w' => array());
            if ($slots[$slot]['skills'] !== $d['skills']) return array('skip' => 'skills vary');
            $k = $d['max'] . '|' . (is_null($d['value']) ? 'null' : $d['value']) . '|' . $den;
            $slots[$slot]['w'][$k] = ($slots[$slot]['w'][$k] ?? 0) + 1;
        }
    }
    return array('slots' => $slots, 'leaves' => count($leaves));
}

// Before a round, one of my dice against one of theirs, both freshly rolled (faces through
// BMO's roll()): how often a one-die attack (Power, Skill, Shadow, Speed, Berserk) is legal
// on a board of just these two dice; for a Trip die, the Trip attack's chance to capture.
function set_die_value($die, $v) {
    if ($die instanceof BMDieTwin) {
        // spread the value over the halves, lowest first half possible
        $a = $die->dice[0];
        $b = $die->dice[1];
        $av = max($a->min, $v - $b->max);
        $a->value = $av;
        $b->value = $v - $av;
    }
    $die->value = $v;
}

function gcd_of($a, $b) {
    while ($b) {
        list($a, $b) = array($b, $a % $b);
    }
    return $a ? $a : 1;
}

function do_odds($c) {
    $rows = array();
    foreach ($c['mine'] as $i => $mi) {
        foreach ($c['theirs'] as $j => $tj) {
            $ours = roll_outcomes($mi, 0);
            $their = roll_outcomes($tj, 1);
            $game = make_game(array($mi), array($tj));
            $game->attack = array(0, 1, array(0), array(0), 'Power');
            $att = $game->activeDieArrayArray[0][0];
            $def = $game->activeDieArrayArray[1][0];
            $hits = 0;
            foreach ($ours as $a) {
                foreach ($their as $b) {
                    set_die_value($att, $a);
                    set_die_value($def, $b);
                    foreach (array('Power', 'Skill', 'Shadow', 'Speed', 'Berserk') as $type) {
                        $game->attack = array(0, 1, array(0), array(0), $type);
                        $x = BMAttack::create($type);
                        $x->add_die($att);
                        if ($x->validate_attack($game, array($att), array($def))) {
                            $hits++;
                            break;
                        }
                    }
                }
            }
            $row = array('mine' => $i, 'theirs' => $j, 'hits' => $hits,
                         'total' => count($ours) * count($their));
            if ($att->has_skill('Trip')) {
                // a Konstant die keeps its opening value through the trip roll, so average
                // over the opening values of the Konstant dice (others are rolled anew)
                $avals = $att->has_skill('Konstant') ? $ours : array(1);
                $dvals = $def->has_skill('Konstant') ? $their : array(1);
                $num = 0;
                $den = 1;
                foreach ($avals as $a) {
                    foreach ($dvals as $b) {
                        $mv = $mi; $mv['value'] = $a;
                        $tv = $tj; $tv['value'] = $b;
                        $trip = do_trip_odds(array(
                            'mine' => array($mv), 'theirs' => array($tv), 'att' => array(0),
                            'def' => array(0), 'type' => 'Trip',
                            'trip_rolls' => (strpos($mi['recipe'], ',') ? 2 : 1) +
                                            (strpos($tj['recipe'], ',') ? 2 : 1)));
                        if (isset($trip['skip']) && $trip['skip'] != 'trip not legal in BMO') {
                            return array('skip' => 'trip: ' . $trip['skip']);
                        }
                        list($n, $d) = isset($trip['skip']) ? array(0, 1)
                                                            : array($trip['captures'], $trip['total']);
                        // every (a, b) weighs the same: add n/d to num/den, in lowest terms
                        $num = $num * $d + $n * $den;
                        $den = $den * $d;
                        $g = gcd_of($num, $den);
                        $num = intdiv($num, $g);
                        $den = intdiv($den, $g);
                    }
                }
                $row['trip'] = array($num, $den * count($avals) * count($dvals));
            }
            $rows[] = $row;
        }
    }
    return array('table' => $rows);
}

// The first attack of a round: START_ROUND sets turn 1, then the same commit as do_board.
function do_first_turn($c) {
    $c['turn'] = 1;
    return do_board($c);
}

// Gordo, Guillermo, Oregon (BMBtnSkillUniqueSwing): BMGame::set_swing_values with this
// choice of swing sizes; accepted, or refused with BMO's message.
function do_unique_swing($c) {
    $game = make_game($c['mine'], array(array('recipe' => '(4)', 'value' => 1)),
                      array($c['button'], NULL));
    $p = $game->playerArray[0];
    $button = new BMButton;
    $button->load($c['recipe'], $c['button']);
    $p->button = $button;
    $p->swingValueArray = $c['swing'];
    $p->waitingOnAction = FALSE;
    $game->playerArray[1]->waitingOnAction = TRUE;  // the other player has chosen nothing
    $m = new ReflectionMethod('BMGame', 'set_swing_values');
    $m->setAccessible(TRUE);
    $m->invoke($game);
    return array('accepted' => !$p->waitingOnAction, 'message' => (string)$game->message);
}

// A button skill that writes a recipe (BMGame::do_next_step_specify_recipes runs it):
// Echo and Zero copy the opponent's; a RandomBM button draws one from `raw` numbers.
function do_button_recipe($c) {
    $button = new BMButton;
    $button->load('', $c['button']);
    $opp = new BMButton;
    $opp->load($c['opponent_recipe'] ?? '', $c['opponent'] ?? NULL);
    $GLOBALS['BM_RAW_QUEUE'] = $c['raw'] ?? array();
    $GLOBALS['BM_ROLL_LOG'] = array();
    $button->run_hooks('specify_recipes', array('button' => $button, 'oppbutton' => $opp));
    $left = count($GLOBALS['BM_RAW_QUEUE']);
    $GLOBALS['BM_RAW_QUEUE'] = array();
    return array('recipe' => $button->recipe, 'draws' => count($GLOBALS['BM_ROLL_LOG']),
                 'raw_left' => $left);
}

$cases = json_decode(file_get_contents('php://stdin'), TRUE);
$answers = array();
foreach ($cases as $c) {
    $fn = 'do_' . $c['cat'];
    try {
        $GLOBALS['BM_ROLL_MODE'] = 'min';
        $GLOBALS['BM_ROLL_QUEUE'] = array();
        $GLOBALS['BM_RAW_QUEUE'] = array();
        $a = $fn($c);
    } catch (Throwable $e) {
        $a = array("exception" => get_class($e) . ": " . $e->getMessage()); fwrite(STDERR, $e->getTraceAsString() . "\n");
    }
    $a['id'] = $c['id'];
    $answers[] = $a;
}
echo json_encode($answers, JSON_UNESCAPED_SLASHES), "\n";
