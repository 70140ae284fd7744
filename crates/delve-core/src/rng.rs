//! The only place that names and seeds a pseudo-random number generator.
//!
//! Every random stream in Delve is a [`DelveRng`]: PCG-64 MCG (`rand_pcg::Pcg64Mcg`, 128-bit
//! multiplicative congruential generator with XSL-RR output). Its output for a given state is
//! fixed by the PCG specification, unlike `rand::rngs::StdRng`, whose algorithm may change
//! between `rand` releases. Golden tests pin the maps generated from it.
//!
//! A generator never shares one stream between unrelated stages (see [`crate::generate`](mod@crate::generate)'s
//! stages): each stage draws from its own sub-stream, a [`Stream`] of the seed made by
//! [`stream`], so tuning one stage (say, room colours) does not reshuffle the layout.

use rand::SeedableRng;

/// The PRNG behind every random stream.
pub type DelveRng = rand_pcg::Pcg64Mcg;

/// A named sub-stream of a seed. The discriminants are part of the file format's promise
/// ("same preset + seed, same map"): never renumber them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u64)]
pub enum Stream {
    /// Room placement, room shapes and tunnels.
    Layout = 1,
    /// Room colours.
    Colours = 2,
    /// Room shapes grown from blocks.
    Shapes = 3,
    /// Doors chosen on room walls.
    Doors = 4,
    /// Extra corridors (loops).
    Loops = 5,
    /// Caves: the rock filled at random.
    Rock = 6,
    /// Caves: the tunnels that join them.
    Tunnels = 7,
    /// Vaults: which are placed, how turned, where.
    Vaults = 8,
    /// A part beside: its own seed.
    Parts = 9,
    /// Markers: how many in each room, and where.
    Markers = 10,
    /// Key-and-lock pairs: which doors, and where their keys go.
    Keys = 11,
    /// Doors made secret or open arches.
    Openings = 12,
    /// Tile kinds painted: patches in rooms, tiles along corridors.
    Tiles = 13,
}

/// The sub-stream `which` of `seed`.
pub fn stream(seed: u64, which: Stream) -> DelveRng {
    DelveRng::seed_from_u64(splitmix64(seed ^ splitmix64(which as u64)))
}

/// SplitMix64 finaliser: a fixed, well-mixed bijection on `u64`.
pub const fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Turns what a user typed into a seed. A plain decimal number (`"42"`) is that number; any
/// other text is hashed with 64-bit FNV-1a over its UTF-8 bytes, after trimming surrounding
/// whitespace. Both rules are stable across versions and machines.
pub fn seed_from_text(text: &str) -> u64 {
    let t = text.trim();
    if let Ok(n) = t.parse::<u64>() {
        return n;
    }
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in t.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    /// Every stage, in discriminant order.
    const STREAMS: [Stream; 13] = [
        Stream::Layout,
        Stream::Colours,
        Stream::Shapes,
        Stream::Doors,
        Stream::Loops,
        Stream::Rock,
        Stream::Tunnels,
        Stream::Vaults,
        Stream::Parts,
        Stream::Markers,
        Stream::Keys,
        Stream::Openings,
        Stream::Tiles,
    ];

    /// The first three outputs of each stage's stream for four seeds, as literal numbers: any
    /// change of the PRNG, of its seeding, of `splitmix64` or of how a stage's sub-stream is
    /// derived changes them, and with them every saved seed's meaning ("same preset + seed, same
    /// map", in every language and on every machine). The numbers were computed once by this
    /// code; they may only change with a new file format version.
    #[test]
    fn streams_are_pinned() {
        const MAX: u64 = u64::MAX;
        #[rustfmt::skip]
        let pinned: [(u64, [[u64; 3]; 13]); 4] = [
            (0, [
                [0x4130_a1df_13da_dd36, 0x6840_b02e_bda7_9e7d, 0x47c8_d0e9_5c67_1f44],
                [0x821e_17c7_7d0c_8881, 0x8dbb_5b0b_1e2e_e56a, 0x89c5_4cad_6aeb_4959],
                [0x060f_fd82_ea65_39c7, 0x06e0_152d_32fc_4cac, 0x8d6a_8bc5_bad4_3684],
                [0x6b12_01e4_4999_fde8, 0x1448_5157_dd8c_ac36, 0x149b_4537_17c5_5433],
                [0xefe5_6c61_47ff_6a72, 0x64bc_209a_33a0_6d23, 0x5f39_e4b6_52d6_e598],
                [0x2437_8975_a6c6_ad6c, 0xcc77_a2a6_a88b_c4d3, 0x99b3_9f1e_442b_dd5e],
                [0x1201_1dea_6061_44db, 0x42d1_d39c_c563_4f71, 0xd940_1d60_8463_3083],
                [0xac6c_f45c_6aa6_b37d, 0xcb36_aa3e_80c8_b28a, 0xc534_a469_2b6c_a1db],
                [0x2774_f975_7e5a_b68a, 0x141d_a49f_4f2d_f0a0, 0x86da_cc69_ab9e_9d53],
                [0xe461_0766_3109_7a5d, 0xaaaa_f897_4f16_d963, 0xd6f0_34e6_ea85_7cf3],
                [0x551f_3815_5163_6bde, 0x3bc8_3c68_9a4b_e214, 0x4480_3836_c7a5_cc62],
                [0xdf1a_e37c_4aa3_6f9b, 0x6bad_0830_a401_94c4, 0x26dd_0ca4_4a34_9500],
                [0x3d40_4b3d_56f0_2fdf, 0x4cf5_452f_0823_5066, 0x3a4b_bfca_32fd_6513],
            ]),
            (1, [
                [0x8b64_31d4_edfe_0165, 0x1060_30c0_8070_8f99, 0xeacb_ff9c_ba46_5f6b],
                [0x0de4_2e3d_9d1a_3c4a, 0x08e5_6673_38d3_c234, 0xf1f5_349f_9de8_e480],
                [0xa42c_816b_dee3_51eb, 0x1f11_89e5_9828_3257, 0xd87b_3ad9_a105_1f29],
                [0xaf81_24f7_94a6_04fa, 0xefd5_2d45_eebc_ec1e, 0x0dc9_2620_b64a_5f3a],
                [0xcf86_9f18_ebf2_a3b7, 0xf436_3519_a7b5_23bf, 0x5c41_492d_8771_9799],
                [0x6055_8b6d_f8fd_4e82, 0xcd19_cd8c_70c1_ba68, 0xd9c7_6b2d_0b19_feb7],
                [0x74e2_6796_3019_cd08, 0x78ad_db5c_07c1_e7a4, 0x168e_398a_4285_829f],
                [0x30e3_c6e1_9a95_2170, 0xae3f_f2ca_e0b3_9f12, 0xadd3_e687_e654_1716],
                [0xa40f_4c4f_c546_a7d4, 0x854c_040c_9fa9_3f3c, 0x3045_eafe_2845_97c2],
                [0x2e7d_8c2b_15b6_c4d2, 0xeea1_eb42_872b_f469, 0x08a6_cefa_ef47_15fe],
                [0x20b3_a299_2e60_29d7, 0xb737_9f0a_f756_fb4c, 0x1f92_42c6_dc9a_55ba],
                [0xe77d_4038_919b_0dff, 0x0e70_0f4a_660a_e18c, 0x2d25_9ff0_a395_5edb],
                [0x8c0c_0c08_ce5e_7760, 0xa8d0_0dfe_7a41_e476, 0x7411_9240_d912_0c95],
            ]),
            (42, [
                [0xeb94_280a_ac31_e2d2, 0x440b_3cf0_3790_b86f, 0xd16b_1530_efc8_5f80],
                [0x0460_49d9_4497_b099, 0xfff8_39c3_16f0_a6b7, 0xf8b3_bb0f_1db3_116d],
                [0x0460_8a61_2ae4_c1eb, 0xe22b_ca5f_4acd_8743, 0xee5d_59a4_602a_8bf5],
                [0x6850_f3a5_dd9a_5eaf, 0x7b1a_4d41_8b04_ed43, 0x2a6a_fdc2_fc9b_db39],
                [0x68c0_2f2b_5e38_e7c9, 0xa161_1a0f_c0f2_f5aa, 0xb58a_3a7b_3578_8cc0],
                [0x596d_3cc8_65e8_1d3b, 0x55c1_a894_207e_b688, 0x2af6_05d4_486b_8499],
                [0xb977_c0cb_b808_6fe6, 0x88dc_8e7f_c77a_8cbb, 0x6916_e0aa_1484_408d],
                [0xebbe_736f_6530_208d, 0x24c8_a180_4261_1bbe, 0x50e3_6d47_fff1_d6f4],
                [0x741c_5c83_330c_24e0, 0xf7cb_a742_e7d9_952d, 0x8fe9_6098_81c9_f0c4],
                [0x6c73_2998_04ec_e08b, 0xc7db_c920_1af6_8a4b, 0xb2d6_2657_cfc6_c646],
                [0x7204_0d40_ac2c_681b, 0xcf93_92e9_3ed6_0631, 0x897c_5e3c_6bfb_c6e5],
                [0x531f_c64a_d41e_b1a6, 0x04bb_0ce4_b2e6_606a, 0x4cb2_ed89_4530_9f7d],
                [0x5d6f_4a69_4a4e_60c3, 0x3131_4a76_5b8a_d527, 0x62a8_a458_51c3_35c1],
            ]),
            (MAX, [
                [0xd6af_d945_76bc_f262, 0x3946_60a7_79ef_5663, 0x9874_f11a_2d81_7fa6],
                [0xbc3a_9b24_8beb_0e3c, 0x37a5_97f3_251c_fff2, 0xc6f3_79fb_3d59_a577],
                [0xcc57_aa8b_d904_46ff, 0x650b_c085_382b_da0b, 0xc314_66a4_beb7_c40e],
                [0x56bd_b062_9cf8_d151, 0xca01_0124_a1ef_bc98, 0x8b7b_418d_ae9e_4670],
                [0xcc76_19aa_667e_bcad, 0xa034_7694_8679_f359, 0xe35f_ac5e_0a39_0607],
                [0x365b_9947_adec_020e, 0x6b1a_dfd9_b53d_90fa, 0xc4af_01c1_521d_ed7e],
                [0x31d2_4802_8107_4938, 0x5e67_6d55_ee7e_9e24, 0xa35b_d671_4b77_0071],
                [0x57bc_8024_4c00_fbcf, 0x158c_3f69_840c_8d4c, 0xdcb0_350f_7f20_7a32],
                [0x8ddb_7724_c32a_b6d8, 0x9f52_12e4_2bd1_6784, 0x21be_9f14_5aa6_f944],
                [0x3fe7_c020_9275_9dee, 0x9158_99cc_ab48_1d46, 0x90b3_cc64_1902_7636],
                [0xcaae_ecf2_191f_0e99, 0x3d16_3897_1d56_dcfc, 0x26fa_be4b_a569_ba4f],
                [0x3ce5_59e7_2845_8555, 0x3284_fe25_d3d1_acd6, 0x504b_075a_39f2_326e],
                [0x3eb5_3fa5_2a16_473b, 0xfdf4_a27d_8097_4329, 0x278a_9ac1_4c19_cb0b],
            ]),
        ];
        // The discriminants are part of the promise too; a stream added to `Stream` must be
        // pinned as well (this match stops compiling until it is listed).
        assert_eq!(STREAMS.map(|s| s as u64), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
        for s in STREAMS {
            match s {
                Stream::Layout
                | Stream::Colours
                | Stream::Shapes
                | Stream::Doors
                | Stream::Loops
                | Stream::Rock
                | Stream::Tunnels
                | Stream::Vaults
                | Stream::Parts
                | Stream::Markers
                | Stream::Keys
                | Stream::Openings
                | Stream::Tiles => {}
            }
        }
        for (seed, stages) in pinned {
            for (stage, want) in STREAMS.into_iter().zip(stages) {
                let mut r = stream(seed, stage);
                let got = [r.next_u64(), r.next_u64(), r.next_u64()];
                assert_eq!(got, want, "seed {seed}, {stage:?}");
            }
        }
    }

    /// FNV-1a 64 of text seeds (the bytes of the trimmed UTF-8), as literal numbers.
    #[test]
    fn text_seeds_are_pinned() {
        for (text, want) in [
            ("", 0xcbf2_9ce4_8422_2325),
            ("hello", 0xa430_d846_80aa_bd0b),
            ("dungeon 7", 0x1967_9ad0_2f95_eb60),
            (" dungeon 7\n", 0x1967_9ad0_2f95_eb60),
            ("drachenhöhle", 0x5e8a_cf8c_31ee_a0be),
            ("地下城", 0x80d3_3724_0623_e8d5),
        ] {
            assert_eq!(seed_from_text(text), want, "{text:?}");
        }
    }

    #[test]
    fn text_seeds() {
        assert_eq!(seed_from_text(" 42 "), 42);
        assert_eq!(seed_from_text(""), 0xcbf2_9ce4_8422_2325);
        // FNV-1a test vector: "a" -> 0xaf63dc4c8601ec8c
        assert_eq!(seed_from_text("a"), 0xaf63_dc4c_8601_ec8c);
        assert_ne!(seed_from_text("dragon"), seed_from_text("Dragon"));
    }
}
