"""The BrikWars query operations, one module per topic; importing this package registers
them all (`rulepress.engine.<game>.ops` is what the query layer imports). Each op is in:

- attack.py: `attack`, `to_hit`, `combined`, `missed_shot`, `auto_fire`, `gunnery`
- close_combat.py: `close_combat`, `charge`
- damage.py: `explosion`, `overkill`, `grinding`, `burning`, `horse_track`,
  `armor_piercing`, `exposure`
- creation.py: `size_table`, `size_damage`, `construct_parts`, `creation_status`,
  `field_construction`, `component_damage`, `creation`
- movement.py: `knockback`, `concealed_hazard`, `stunt`, `sprint`, `difficult_terrain`
- turn_order.py: `who_acts_first`, `mob_rule`
- heroes.py: `heroic_feat`, `redshirt`
- quikwars.py: `quikwars_attack`, `stupendous_feat`
- specialists.py: `ker_triage`, `specialty_roll`, `detection`
- special_dice.py: `supernatural`, `fancy_dice`
- army.py: `army`
- rolling.py: `roll_plan` (the dice to roll by hand for the rule ops above)

Every op reads its request with the shared readers (attack_request.py for an attack,
../fields.py and ../lookup.py for single fields) and works out its answer with the rule
modules one level up (attack.py, damage.py, creation_damage.py, creation_price.py, ...).
"""

from . import (army, attack, close_combat, creation, damage, heroes, movement,  # noqa: F401
               quikwars, rolling, special_dice, specialists, turn_order)
