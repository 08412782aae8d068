#!/usr/bin/env python3
"""Writes the hand-made part of the session loader's regression corpus (tests/data/session-corpus/) from the valid
session recorded on PoCL (valid_sequential_int16.json, made by record_session). Files named valid_* must be
accepted, bad_* refused with rl::Error; fuzz_* files come from libFuzzer runs (fuzz/run_fuzz.sh) and may go
either way. Run it again after changing the valid seed: python3 tests/support/make_corpus.py"""
import copy
import json
import os

here = os.path.dirname(os.path.abspath(__file__))
corpus = os.path.join(here, "..", "data", "session-corpus")
with open(os.path.join(corpus, "valid_sequential_int16.json"), "rb") as f:
    raw = f.read()
base = json.loads(raw)


def write(name, data):
    if isinstance(data, str):
        data = data.encode("utf-8")
    with open(os.path.join(corpus, name), "wb") as f:
        f.write(data)


def changed(name, change):
    j = copy.deepcopy(base)
    change(j)
    write(name, json.dumps(j, separators=(",", ":")))


def stage(j, s=0):
    return j["trace"]["passes"][0]["groups"][0]["stages"][s]


# Valid forms the loader must accept.
changed("valid_no_timings.json", lambda j: j.update(timings=None))
changed("valid_unknown_extra_field.json", lambda j: j.update(comment="saved before the lecture"))
write("valid_pretty_printed.json", json.dumps(base, indent=2))
write("valid_utf8_bom.json", b"\xef\xbb\xbf" + raw)
changed("valid_unicode_text.json", lambda j: j.update(saved_by="Vorlesung \u00fcber Reduktion \u2211 \U0001f4bb"))

# Not JSON, or JSON of the wrong shape.
write("bad_empty.json", b"")
write("bad_whitespace_only.json", b"  \n\t ")
write("bad_truncated_half.json", raw[: len(raw) // 2])
write("bad_truncated_last_byte.json", raw.rstrip()[:-1])
write("bad_trailing_garbage.json", raw + b"}")
write("bad_top_level_array.json", b"[" + raw + b"]")
write("bad_null.json", b"null")
write("bad_deep_arrays.json", b"[" * 20000 + b"]" * 20000)
write("bad_deep_objects.json", b'{"a":' * 5000 + b"1" + b"}" * 5000)
write("bad_deep_unclosed.json", b"[{" * 3000)
write("bad_non_utf8_in_string.json", raw.replace(b'"ReduceLab record_session"', b'"ReduceLab \xff\xfe\xc0"'))
write("bad_lone_surrogate.json", raw.replace(b'"ReduceLab record_session"', b'"\\ud800"'))
write("bad_control_char_in_string.json", raw.replace(b'"ReduceLab record_session"', b'"a\x01b"'))
write("bad_nan_literal.json", raw.replace(b'"n":16,', b'"n":NaN,', 1))
write("bad_utf16.json", raw.decode("utf-8").encode("utf-16"))
write("bad_binary_noise.bin", bytes((i * 37 + 11) % 256 for i in range(512)))

# Header.
changed("bad_format_missing.json", lambda j: j.pop("format"))
changed("bad_format_other.json", lambda j: j.update(format="reducelab-trace"))
changed("bad_version_newer.json", lambda j: j.update(version=2))
changed("bad_version_string.json", lambda j: j.update(version="1"))
changed("bad_version_huge.json", lambda j: j.update(version=10**30))
changed("bad_trace_missing.json", lambda j: j.pop("trace"))
changed("bad_saved_by_number.json", lambda j: j.update(saved_by=3))

# Wrong types and ranges.
changed("bad_n_string.json", lambda j: j["config"].update(n="16"))
changed("bad_n_huge_float.json", lambda j: j["config"].update(n=1e300))
write("bad_n_overflowing_literal.json", raw.replace(b'"n":16,', b'"n":1e400,', 1))
write("bad_n_huge_integer.json", raw.replace(b'"n":16,', b'"n":184467440737095516160000,', 1))
changed("bad_wg_fraction.json", lambda j: j["config"].update(wg=16.5))
changed("bad_wg_negative.json", lambda j: j["config"].update(wg=-16))
changed("bad_seed_negative.json", lambda j: j["config"].update(seed=-1))
changed("bad_op_unknown.json", lambda j: j["config"].update(op="product"))
changed("bad_device_flag_number.json", lambda j: j["device"].update(sub_groups=1))
changed("bad_device_name_missing.json", lambda j: j["device"].pop("name"))
changed("bad_passes_object.json", lambda j: j["trace"].update(passes={}))
changed("bad_timings_negative_time.json", lambda j: j["timings"].update(time_ms=-3))
changed("bad_timings_array.json", lambda j: j.update(timings=[]))

# A trace that does not hold together.
changed("bad_value_fraction_for_int.json", lambda j: stage(j)["values"].__setitem__(0, 1.5))
changed("bad_value_beyond_int32.json", lambda j: stage(j)["values"].__setitem__(0, 3000000000))
changed("bad_value_string.json", lambda j: stage(j)["values"].__setitem__(0, "infinity"))
changed("bad_read_below_minus_one.json", lambda j: stage(j, 1)["reads"].__setitem__(0, [-3, 0]))
changed("bad_write_beyond_int.json", lambda j: stage(j, 1)["writes"].__setitem__(0, 1 << 40))
changed("bad_read_triple.json", lambda j: stage(j, 1)["reads"].__setitem__(0, [0, 1, 2]))
changed("bad_ops_length_mismatch.json", lambda j: stage(j, 1)["active"].pop())
changed("bad_analysis_tampered.json", lambda j: stage(j, 1).update(active_items=3))
changed("bad_active_flipped.json", lambda j: stage(j, 1)["active"].__setitem__(15, True))
changed("bad_stage_cells_differ.json", lambda j: stage(j, 2)["values"].append(5))
changed("bad_label_too_long.json", lambda j: stage(j, 1).update(label="s" * 65))
changed("bad_group_beyond_pass.json", lambda j: j["trace"]["passes"][0]["groups"][0].update(group=5))
changed("bad_no_passes.json", lambda j: j["trace"].update(passes=[]))
changed("bad_no_groups.json", lambda j: j["trace"]["passes"][0].update(groups=[]))
changed("bad_pass_numbered_wrong.json", lambda j: j["trace"]["passes"][0].update({"pass": 3}))
changed("bad_trace_n_differs.json", lambda j: j["trace"].update(n=32))
changed("bad_result_fraction.json", lambda j: j["trace"].update(result=0.25))
changed("bad_simd_width_zero.json", lambda j: j["trace"].update(simd_width=0))

# Parts that disagree with each other.
def unknown_variant(j):
    for part in (j["config"], j["variant"], j["trace"], j["timings"]):
        part["variant" if "variant" in part else "id"] = "no-such-kernel"
    j["variant"]["id"] = "no-such-kernel"


changed("bad_unknown_variant.json", unknown_variant)
changed("bad_variant_disagrees.json", lambda j: j["variant"].update(id="first-add"))
changed("bad_timings_other_seed.json", lambda j: j["timings"].update(seed=99))
changed("bad_timings_min_above_max.json", lambda j: j["timings"].update(min_ms=5.0, max_ms=1.0))
print("corpus written to", corpus)
