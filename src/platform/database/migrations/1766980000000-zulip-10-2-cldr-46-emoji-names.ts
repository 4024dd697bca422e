import { MigrationInterface, QueryRunner } from 'typeorm';
import { renameStoredEmojiNames } from './stored-emoji-renames';

/**
 * The emoji name table moves to the one Zulip 10.2 really ships, rebuilt from CLDR 46
 * (src/emoji/catalog/zulip-emoji-names.json; docs/api.md, "Emoji, statuses and avatars"):
 * the table of migration 1766895000000 was made from CLDR 45. CLDR 46 renamed or dropped
 * keywords, so 124 names of that table name no emoji any more and `point` now names 1fa9d
 * (hook) instead of 1faf5 (index pointing at the viewer). A reaction or status stored under such a name would no longer
 * pass Zulip's check that the name means the stored code: each takes the canonical name of
 * its code, as 1766895000000 did. Every other stored name still names its code.
 *
 * Frozen here as "old name, code, canonical name", since the data file will move on.
 */
const RENAMES = `
liquid 1fae0 melting_face
grateful 1f972 smiling_face_with_tear
smiling 1f972 smiling_face_with_tear
small 1f92a zany_face
embarrass 1fae2 face_with_open_eyes_and_hand_over_mouth
hide 1fae5 dotted_line_face
face_in_the_fog 1f636-200d-1f32b face_in_clouds
head_in_clouds 1f636-200d-1f32b face_in_clouds
gasp 1f62e-200d-1f4a8 face_exhaling
shaking 1fae8 shaking_face
no 1f642-200d-2194 head_shaking_horizontally
heat_stroke 1f975 hot_face
uneven_eyes 1f974 woozy_face
wavy_mouth 1f974 woozy_face
whoa 1f635-200d-1f4ab face_with_spiral_eyes
mind_blown 1f92f exploding_head
meh 1fae4 face_with_diagonal_mouth
skeptical 1fae4 face_with_diagonal_mouth
puppy_eyes 1f97a pleading_face
sacred_heart 2764-200d-1f525 heart_on_fire
fingers 1f90c pinched_fingers
hand_gesture 1f90c pinched_fingers
sarcastic 1f90c pinched_fingers
small_amount 1f90f pinching_hand
ily 1f91f love_you_gesture
point 1faf5 index_pointing_at_the_viewer
you 1faf5 index_pointing_at_the_viewer
hard_of_hearing 1f9bb ear_with_hearing_aid
blond_haired_person 1f471 person_blond_hair
blond_haired_woman 1f471-200d-2640 woman_blond_hair
blond_haired_man 1f471-200d-2642 man_blond_hair
hear 1f9cf deaf_person
hidden 1f977 ninja
fairy_tale 1f9cc troll
person_walking 1f6b6-200d-27a1 person_walking_facing_right
stand 1f9cd person_standing
person_running 1f3c3-200d-27a1 person_running_facing_right
hold 1f9d1-200d-1f91d-200d-1f9d1 people_holding_hands
holding_hands 1f9d1-200d-1f91d-200d-1f9d1 people_holding_hands
guide 1f9ae guide_dog
service 1f415-200d-1f9ba service_dog
sly 1f99d raccoon
woolly 1f9a3 mammoth
honey_badger 1f9a1 badger
ugly_duckling 1f9a2 swan
mauritius 1f9a4 dodo
light 1fab6 feather
flying 1fabd wing
tyrannosaurus_rex 1f996 t_rex
sea_lion 1f9ad seal
boring 1fab4 potted_plant
useless 1fab4 potted_plant
piña_colada 1f965 coconut
pina_colada 1f965 coconut
bok_choy 1f96c leafy_green
cabbage 1f96c leafy_green
wild_cabbage 1f966 broccoli
nature 1f344-200d-1f7eb brown_mushroom
swiss 1fad5 fondue
shaker 1f9c2 salt
oyster_pail 1f961 takeout_box
box 1f9c3 beverage_box
straw 1f9c3 beverage_box
ice_cube 1f9ca ice
heavy 1faa8 rock
stone 1faa8 rock
amusement_park 1f6dd playground_slide
theme_park 1f6dd playground_slide
tuk_tuk 1f6fa auto_rickshaw
roller 1f6fc roller_skate
skate 1f6fc roller_skate
life_preserver 1f6df ring_buoy
life_saver 1f6df ring_buoy
good_luck 1f9e7 red_envelope
lai_see 1f9e7 red_envelope
scuba 1f93f diving_mask
soar 1fa81 kite
magic 1fa84 magic_wand
stuffed 1f9f8 teddy_bear
eye_protection 1f97d goggles
swimming 1f97d goggles
jacket 1f9e5 coat
one_piece 1fa72 briefs
swimsuit 1fa72 briefs
shy 1faad folding_hand_fan
beach_sandals 1fa74 thong_sandal
thong_sandals 1fa74 thong_sandal
ballet_flat 1f97f flat_shoe
ballet 1fa70 ballet_shoes
baseball_cap 1f9e2 billed_cap
soldier 1fa96 military_helmet
squeeze_box 1fa97 accordion
beat 1fa98 long_drum
instrument 1fa87 maracas
low_energy 1faab low_battery
lamp 1fa94 diya_lamp
selling_point 1fa9d hook
climb 1fa9c ladder
life 1f9ec dna
blood_donation 1fa78 drop_of_blood
cane 1fa7c crutch
mobility_aid 1fa7c crutch
bones 1fa7b x_ray
medical 1fa7b x_ray
fresh_air 1fa9f window
force_cup 1faa0 plunger
punk_rock 1f9f7 safety_pin
paper_towels 1f9fb roll_of_paper
toilet_paper 1f9fb roll_of_paper
pail 1faa3 bucket
bathing 1f9fc soap
teeth 1faa5 toothbrush
amulet 1faac hamsa
protection 1faac hamsa
sign 1faa7 placard
fortune 1f52f dotted_six_pointed_star
here 1f201 japanese_here_button
ココ 1f201 japanese_here_button
service_charge 1f202 japanese_service_charge_button
サ 1f202 japanese_service_charge_button
指 1f22f japanese_reserved_button
空 1f233 japanese_vacancy_button
green 1f7e2 green_circle
red 1f7e5 red_square
jolly_roger 1f3f4-200d-2620 pirate_flag
`;

export class ZulipTenTwoCldr46EmojiNames1766980000000 implements MigrationInterface {
  name = 'ZulipTenTwoCldr46EmojiNames1766980000000';

  async up(q: QueryRunner): Promise<void> {
    await renameStoredEmojiNames(q, RENAMES);
  }

  async down(): Promise<void> {
    // Nothing to undo: the new names are the canonical names of the same emoji.
  }
}
