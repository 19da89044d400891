%% sandbox_names — every predicate the libraries of sandbox_lists:safe_lib/1 define.
%
% A name one of these libraries defines is never "nobody's" to the sandbox, and never
% the REPL user's own, even before the library is loaded: once a query loads it, a
% clause that called the name would run the library's predicate unchecked.  Generated
% from scryer-prolog 0.10 (current_predicate(Lib:N/A) for each library, after loading
% it); the test sandbox_names_cover_the_safe_libraries (src/prolog/machine_tests.rs)
% checks that it still holds every name.  The names are kept in lists by their first
% character, a clause a character: scryer's loader spends about 20 us on every clause,
% and 1,042 facts took 21 ms of the REPL's start, these 37 clauses take about 1 ms.

:- module(sandbox_names, [library_name/2]).
:- use_module(library(lists), [member/2]).

%% library_name(?Name, ?Arity)  a predicate of a library the sandbox lets rule files load.
library_name(N, A) :-
    (  atom(N), sub_atom(N, 0, 1, _, C) -> char_code(C, K), names(K, Ps) ; names(_, Ps) ),
    member(N/A, Ps).

%% names(?Code, ?PIs)  the library predicates whose names start with the character Code.
names(35, [(#/\)/2, (#<)/2, (#<)/3, (#<==)/2, (#<==>)/2, (#=)/2, (#=)/3, (#=<)/2,
    (#==>)/2, (#>)/2, (#>=)/2, (#\)/1, (#\)/2, (#\/)/2, (#\=)/2]).
names(36, [($)/1, ($-)/1]).
names(42, [(*)/1]).
names(43, [(+\)/2, (+\)/3, (+\)/4, (+\)/5, (+\)/6, (+\)/7, (+\)/8, (+\)/9]).
names(44, [(',')/3]).
names(45, [(-->)/2]).
names(46, [(...)/2]).
names(59, [(;)/3]).
names(60, [(<)/4, (<)/6]).
names(61, [(=)/3, (=)/4, (=)/6, (=..)/4, (=:=)/4, (=<)/4, (==)/4, (=\=)/4]).
names(62, [(>)/4, (>=)/4]).
names(92, [(\)/1, (\)/2, (\)/3, (\)/4, (\)/5, (\)/6, (\)/7, (\)/8, (\==)/4]).
names(94, [(^)/10, (^)/3, (^)/4, (^)/5, (^)/6, (^)/7, (^)/8, (^)/9]).
names(97, [a/3, a/4, a/5, a_not_in_b/2, abs/2, activate_propagator/3, add_edges/3,
    add_empty_vertices/2, add_vertices/3, add_vertices_to_s_graph/3,
    add_vertices_to_s_graph/7, addel/5, adjust/5, adjust_alternate_0/1,
    adjust_alternate_1/1, all_characters/1, all_dead/1, all_dead_/1, all_different/1,
    all_different/5, all_distinct/1, all_distinct/3, all_empty_intersection/2,
    all_greater_than/2, all_in_domain/2, all_less_than/2, all_neq/2, all_neq/4,
    all_propagators/3, and_integers_/3, append/2, append/3, append_edge/3,
    append_goals/2, append_propagators/3, append_queue/3, append_queues_/3,
    arc_normalized/3, arc_normalized_/3, arcs_relation/4, area/3, arithmetic/6, (as)/3,
    as_key/2, assoc_to_keys/2, assoc_to_keys/3, assoc_to_list/2, assoc_to_list/3,
    assoc_to_values/2, assoc_to_values/3, atom_si/1, atomic_si/1, attribute_goal_/3,
    attribute_goals/3, attributes_goals/3, augmenting_path/4, augmenting_path_to/3,
    automaton/3, automaton/8, avl_geq/3]).
names(98, [balance/2, bare_integer/2, bb_b_put/2, bb_get/2, bb_put/2, before/2,
    between/3, between_/3, body_/6, body_if_then_else/4, boolean/1, boolean/6,
    bound_portray/2, bounds/3]).
names(99, [call_cleanup/2, call_nth/2, call_nth_nesting/2, call_residue_vars/2,
    call_with_error_context/2, call_with_inference_limit/3, call_with_inference_limit/5,
    can_/2, can_be/2, can_be_chars/1, ccode/1, cell/5, cells/7, chain/2, chain/4,
    chain_/2, chain_relation/1, char_type/2, char_utf8bytes/2, character/1,
    character_si/1, chars_base64/3, chars_si/1, chars_utf8bytes/2, check_/3,
    check_domain/1, choice/1, choice_order_variable/7, circuit/1, circuit_edges/4,
    circuit_graph/3, circuit_successors/2, cis_abs/2, cis_div/3, cis_div_/3, cis_exp/3,
    cis_exp_/3, (cis_geq)/2, cis_geq_numeric/2, cis_goals/4, (cis_gt)/2, cis_gt_numeric/2,
    cis_leq_numeric/2, cis_lt_numeric/2, cis_max/3, cis_max_/3, cis_min/3, cis_min_/3,
    cis_minus/3, cis_minus_/3, cis_plus/3, cis_plus_/3, cis_sign/2, cis_slash/3,
    cis_slash_/3, cis_times/3, cis_times_/3, cis_uminus/2, clear_parent/1, clear_queue/1,
    clpz_builtin/2, clpz_equal/2, clpz_equal_/2, clpz_expandable/1, clpz_expansion/2,
    clpz_geq/2, clpz_geq_/2, clpz_in/2, clpz_neq/2, clpz_t/2, code_to_utf8/3,
    coeff_int_linsum/4, coeff_var_plusterm/4, coeff_var_term/2, coeffs_variables_const/6,
    compare_coeff0/2, complement/2, complement/3, compose/3, compose/4, compose1/4,
    compose1/8, cond_t/3, conjunction/3, conjunction/6, conjunctive_neqs_vals/3,
    conjunctive_neqs_var/2, conjunctive_neqs_var_drep/3, connect_ugraph/3, consistency/2,
    constrain_to_integer/1, constraint_wake/2, continuation/5, contracting/1,
    contracting/3, contribution_at/4, copy_term/3, copy_term_nat/2, count_edges/4,
    countall/2, ctype/1, cumulative/1, cumulative/2, cyclic_term/1]).
names(100, [dcg_body/4, dcg_cbody/4, dcg_constr/1, dcg_non_terminal/4, dcg_rule/2,
    dcg_terminals/4, decode_utf8/3, decr_list/6, default_domain/1, defaulty_to_bound/2,
    del_assoc/4, del_edges/3, del_max_assoc/4, del_max_assoc/5, del_min_assoc/4,
    del_min_assoc/5, del_remaining_edges_for_vertices/3, del_vertices/3, del_vertices/4,
    deladjust/5, delel/5, delete/5, delete/6, delete_eq/3, deltable/5, dfs_used/1,
    dfs_used_edges/1, diag_ints/2, diag_ints/4, diag_nats/2, diag_nats/4,
    diag_nats_signs/4, dif/2, dif/3, dif_set_variables/3, dif_si/2, diff12/4, diff21/4,
    diff3/6, difference_arcs/3, difference_arcs/4, digits/2, dint/3, disable_queue/2,
    disjoint2/1, disjunction/3, disjunctive_eqs_vals/3, disjunctive_eqs_var/2,
    disjunctive_eqs_var_drep/3, distinct/3, distinct_attach/5, distinct_goals/3,
    distinct_goals_/4, divide/3, do_queue/2, domain/2, domain_complement/2,
    domain_contains/2, domain_contract/3, domain_contract_/3, domain_contract_less/3,
    domain_contract_less_/3, domain_direction_element/3, domain_error/2, domain_error/3,
    domain_expand/3, domain_expand_/3, domain_expand_more/3, domain_expand_more_/3,
    domain_infimum/2, domain_intervals/2, domain_intervals/3, domain_largest_finite/2,
    domain_negate/2, domain_num_elements/2, domain_remove/3, domain_remove_/4,
    domain_remove_greater_than/3, domain_remove_smaller_than/3, domain_remove_upper/4,
    domain_shift/3, domain_smallest_finite/2, domain_spread/2, domain_subdomain/2,
    domain_subdomain/3, domain_subdomain_fromto/2, domain_subdomain_split/3,
    domain_subtract/3, domain_subtract/4, domain_supremum/2, domain_to_drep/2,
    domain_to_list/2, domain_to_list/3, domains/2, domains_intersection/3,
    domains_intersection_/3, domains_union/3, drep_bound/1, drep_to_domain/2,
    drep_to_intervals/3, duodcg_body/6, duodcg_head/6, duophrase/3, duophrase/5]).
names(101, [each_edge/4, earliest_start_time/2, edge_reachable/4, edges/2, element/3,
    element_/4, element_domain/2, element_gluevar/5, elements_gluevars/5, else_branch/5,
    empty_assoc/1, enable_queue/2, encode/5, enumerate/4, enumerate_ints/2,
    enumerate_nats/2, error_goal/2, even/1, exclude/3, exclude_fire/3, exclude_fire/5,
    expansion_simpler/2, expmod/4, expmod_/5, expr0_expr/2, expr_conds/4, exprs_next/5,
    exprs_nums/4, exprs_singlevars/2, exprs_values/4, extend_var_list/4,
    extend_var_list_/5, extremum/1]).
names(102, [fabricate_var_name/3, failingvarskip/1, failnochars/2, false/2, fd_dom/2,
    fd_get/3, fd_get/5, fd_inf/2, fd_must_be_list/1, fd_must_be_list/2, fd_put/3,
    fd_put/5, fd_size/2, fd_size_/2, fd_sup/2, fd_var/1, fd_variable/1, fds_sespsize/2,
    fds_sespsize/3, feasible_flow/3, ffc_lt/2, filter_linsum/4, find_ff/4, find_ffc/3,
    find_max/3, find_min/3, finite/1, finite_domain/1, finite_domain/3, flip_edges/2,
    float_with_n_decimal_digits/4, floor_integer_log_b/4, fold_statement/3, foldl/4,
    foldl/5, forall/2, format/2, format/3, format_/4, format_args_cells/3, format_cell/3,
    format_cells/3, format_element/3, format_elements/3, free_node/1, freeze/2,
    fully_elastic_relaxation/2]).
names(103, [g0_successors/2, g_g0/1, g_g0_/2, gather_dif_goals/4, gather_when_goals/4,
    gcc_arcs/3, gcc_augment/2, gcc_augmenting_path/3, gcc_check/3, gcc_check_/3,
    gcc_consistent/1, gcc_done/1, gcc_edge_goal/4, gcc_edges_goals/4, gcc_flow_/4,
    gcc_global/4, gcc_goals/3, gcc_pair/1, gcc_pairs/3, gcc_reachable/4,
    gcc_reachables/3, gcc_reachables_/4, gcc_succ_edge/3, gcc_successors/2,
    gcc_successors_/3, gcd/3, gen_assoc/3, gen_assoc_/3, gen_int/1, gen_ints/2,
    gen_nat/1, geq/2, geq/4, get_assoc/10, get_assoc/3, get_assoc/5, get_assoc/6,
    get_assoc_/3, get_attr_/3, get_atts/2, get_line_to_chars/3, get_n_chars/3,
    get_n_chars_wrapper/3, get_single_char/1, get_to_eof/2, global_cardinality/2,
    global_cardinality/3, global_constraint/1, goal_expansion/1, goal_expansion/2,
    goal_pe/2, goals_entail/2, goals_goal/2, goals_goal_dcg/2, graph_memberchk/2,
    graph_subtract/3, graph_subtract/6, ground/3, group_pairs_by_key/2,
    groups_of_three/4]).
names(104, [happ/3]).
names(105, [i_call_nth_counter/1, i_call_nth_nesting/2, i_memberd_t/3, i_tpartition/4,
    if_/3, ignore/1, ilist/1, (in)/2, in_/3, in_character/1, include/3, include_args1/3,
    incr_list/4, indent_to/4, index_plus_one/2, indomain/1, init_propagator/2,
    init_propagator_/4, initial_expr/2, (ins)/2, insert/5, insert/6, insert_propagator/3,
    insert_queue/4, instantiation_error/0, instantiation_error/1, instantiation_error/2,
    integer/3, integer_kroot/5, integer_kroot_leq/5, integer_kth_root/3,
    integer_kth_root_leq/3, integer_log_b/4, integer_si/1, integer_to_radix/4,
    integer_to_radix_/5, integers_remaining/5, internal_numbervars/3,
    intervals_to_domain/2, intervals_to_drep/3, (is)/4, (is)/6, is_and_integers/1,
    is_assoc/1, is_assoc/4, is_bound/1, is_domain/1, is_drep/1, is_false/1, is_ordset/1,
    is_ordset2/1, is_ordset3/2, is_true/1, isect2/4, isect3/6]).
names(107, [key_by_length/2, keys_costs/4, kill/1, kill/2, kill/3, kill/4,
    kill_entailed/1, kill_if_isolated/4, kill_reified_tuples/5]).
names(108, [l_int/3, label/1, label/5, label/8, labeling/2, largest_finite/3,
    latest_start_time/2, lcm/3, leading/4, left_right_linsum_const/5, length/2,
    length_addendum/3, length_rundown/2, lex_chain/1, lex_chain_/4, lex_le/2, lin_mul/4,
    linsum/5, linterm_negate/2, list_contains/2, list_first_rest/3, list_goal/2,
    list_goal_/3, list_max/2, list_max_/3, list_min/2, list_min_/3,
    list_or_partial_list/1, list_queue/2, list_queue/4, list_si/1, list_to_assoc/2,
    list_to_assoc/5, list_to_disjoint_intervals/2, list_to_disjoint_intervals/4,
    list_to_domain/2, list_to_drep/2, list_to_ord_set/2, list_to_set/2, listing/1,
    lists_transpose/2, literal/4, literal_/4, lsb/2]).
names(109, [make_arc_feasible/3, make_matches/1, make_new_var_name/6, make_parse_clpz/1,
    make_parse_reified/1, make_propagator/2, map_assoc/2, map_assoc/3, map_assoc_/2,
    map_assoc_/3, map_list_to_pairs/3, map_list_to_pairs2/3, maplist/2, maplist/3,
    maplist/4, maplist/5, maplist/6, maplist/7, maplist/8, maplist/9, match/4,
    match_expand/2, match_goal/4, match_goals/4, match_variables/4, matcher/4,
    matchers/3, matches/1, max_/3, max_assoc/3, max_assoc/5, max_factor/5, max_gt/2,
    max_product/5, maximal_matching/3, maximum_flow/2, maximum_matching/1, maybe/0,
    member/2, member_/3, memberchk/2, memberd_t/3, merge_intervals/2,
    merge_overlapping/2, merge_remaining/4, min_/3, min_assoc/3, min_assoc/5,
    min_factor/5, min_lt/2, min_max_factor/8, min_max_factor_/8, min_product/5,
    monotonic/0, monotonic/2, morph_into_propagator/6, morphing/1, morphing_propagator/3,
    msb/2, msb_/3, msort_/2, mulsum/6, multiples/3, must_be/2, must_be/3, must_be_/2,
    must_be_fd_integer/1, must_succeed/1]).
names(110, [n_newlines/3, narrow/4, nat_copy/1, negate_coeff/2, negative/2, neighbors/3,
    neighbours/3, neq/2, neq_index/2, neq_num/2, neq_num/4, neq_nums/3, new_queue/1,
    no_popcount_t/2, no_reactivation/1, node_lowlink/2, node_num/4, nodes_nums/4, non/2,
    non_monotonic/1, non_overlapping/1, non_overlapping_/2, nonvar/3, not_used/0, nth0/3,
    nth0/4, nth0_el/5, nth0_elx/6, nth1/3, nth1/4, num_infinite/3, num_subsets/5,
    number_to_rational/2, number_to_rational/3, numberlist/3, numbervars/3,
    numeric_argument/5, numeric_argument_/4, numlist/2, numlist/3, nvalue/2]).
names(111, [octet_character/1, odd/1, optimisation/1, optimise/3, optimise/5,
    ord_add_element/3, ord_del_element/3, ord_disjoint/2, ord_empty/1, ord_intersect/2,
    ord_intersect/3, ord_intersect_/3, ord_intersect__/5, ord_intersection/2,
    ord_intersection/3, ord_intersection/4, ord_intersection2/7, ord_list_to_assoc/2,
    ord_memberchk/2, ord_pairs/1, ord_pairs/2, ord_selectchk/3, ord_seteq/2,
    ord_subset/2, ord_subset_/4, ord_subtract/3, ord_symdiff/3, ord_symdiff/4,
    ord_symdiff/6, ord_union/2, ord_union/3, ord_union/4, ord_union/7, ord_union_1/5,
    ord_union_2/5, ord_union_all/4, order/1, order_dom_next/3, original_goal/3,
    oset_addel/3, oset_delel/3, oset_diff/3, oset_dint/2, oset_dunion/2, oset_dunion/3,
    oset_int/3, oset_is/1, oset_is/2, oset_power/2, oset_union/3, outof_reducer/3,
    override/5, override_/4]).
names(112, [p_to_s_graph/2, p_to_s_group/3, p_to_s_group/4, p_to_s_vertices/2, pair/1,
    pair_product/2, pairs_keys/2, pairs_keys_values/3, pairs_values/2, parse_clpz/2,
    parse_clpz/3, parse_clpz_clauses/1, parse_condition/5, parse_goal/3, parse_goals/3,
    parse_init_dcg/4, parse_match_variables/4, parse_matcher/4, parse_reified/4,
    parse_reified/5, parse_reified_clauses/1, parse_reified_clpz/5, partial_string/1,
    partial_string/3, partial_string_tail/2, partition/4, partition/5, partition_/5,
    path_minimum/3, path_term_variable/3, perm/2, permutation/2, phrase/2, phrase/3,
    phrase/4, phrase/5, phrase_from_file/2, phrase_from_file/3, phrase_from_stream/2,
    phrase_to_file/2, phrase_to_file/3, phrase_to_stream/2, pick_firsts/2,
    plus_times10/3, plusterm_/3, pop_stack_to/4, popcount/2, portray_/4,
    portray_clause/1, portray_clause/2, portray_clause_/3, portray_propagator/2,
    power_var_num/3, predname/2, prevent_cyclic_argument/2, print_queue/2, prop_init/2,
    propagate_circuit/1, propagate_nvalue/2, propagator_/3, propagator_init_trigger/1,
    propagator_init_trigger/2, propagator_init_trigger/3, propagator_init_trigger/4,
    propagator_state/2, propagators_/3, props_number/2, pset/3, put_assoc/4, put_attr_/3,
    put_atts/2, put_dif_att/3, put_free/1, put_full/3, put_terminating/5]).
names(113, [queue/1, queue/2, queue_enabled/2, queue_fast/3, queue_get_arg/4,
    queue_get_arg_/3, queue_get_fast/3, queue_get_goal/3, queue_get_slow/3, queue_goal/3,
    queue_head/3, queue_head_list/3, queue_last/3, queue_last_list/3, queue_length/2,
    queue_length/5, queue_slow/3]).
names(114, [radix_error/4, random/1, random_integer/3, rational_numerator_denominator/3,
    reachable/3, reachable/4, reachables/3, reachables_/4, read_from_chars/2,
    read_term_from_chars/3, rebalance/6, reduce_from_others/2, reifiable/1,
    reified_condition/6, reified_goal/4, reified_goals/4, reified_variables/5, reify/2,
    reify/3, reify/4, reify_/4, reinforce/1, reinforce_/1, reinforce_goal/2,
    relation_tuple_b_prop/4, relation_unifiable/5, remove_dist_lower/4,
    remove_dist_upper/4, remove_dist_upper_leq/5, remove_dist_upper_lower/6,
    remove_goal/3, remove_lower/4, remove_upper/4, repeat/1, repeat_integer/1,
    representation_error/1, resource_error/1, resource_error/2, resource_limit/5,
    retract_until_mark/0, reverse/2, reverse/4, run_cleaners_with_handling/0,
    run_cleaners_without_handling/1, run_propagator/4]).
names(115, [s_push/3, s_to_p_graph/2, s_to_p_graph/4, same_elements/1, same_key/4,
    same_length/2, samsort/2, saturated_arc/1, scalar_plusterm/2, scalar_product/4,
    scalar_product_/4, scalar_product_left_right/4, scc/2, scc/3, scc_/3, scc_helper/3,
    select/3, select_var/4, select_zeros/3, selection/1, separate_digits_fractional/4,
    seq/3, seqq/3, serialize/2, serialize/4, serialize_lower_bound/7,
    serialize_lower_upper/7, serialize_upper_bound/7, serialized/2, set_random/1,
    setup_call_cleanup/3, simplify_fraction/2, single_component/1, single_value/2,
    sink/1, skeleton/2, skipn/3, skipn/5, smallest_finite/3, sort_by_predicate/2,
    source/1, split_lines_width/4, split_on_del_vertices/8, state/3, state/4,
    stern_brocot_/5, store_extremum/3, succ/2, successors/4, sum/3, sum/5, sum_/3,
    sum_finite_domains/10, sum_list/2, symmetric/1]).
names(116, [(table)/5, table2/3, target_propagator/3, target_to_v/2, task_bs/2,
    task_duration_consumption/3, task_running/4, task_start_end/3,
    tasks_minstart_maxend/3, template_var_path/3, term_attributed_variables/2, term_si/1,
    tfilter/3, tighten/3, tmember/2, tmember_t/3, top_sort/2, top_sort/3, top_sort/5,
    top_sort/6, tpartition/4, transitions/11, transitive_closure/2, transpose/2,
    transpose_/4, transpose_ugraph/2, trigger_once/1, trigger_once_/2, trigger_prop/1,
    trigger_prop/3, trigger_props/3, trigger_props/4, trigger_props/6, trigger_props_/3,
    true/2, tuple_domain/4, tuple_freeze/4, tuple_freeze_/4, tuple_in_conjunction/3,
    tuple_in_disjunction/3, tuples_in/2, tuples_in_conjunction/3, tuples_relation/4,
    type/1, type_error/2, type_error/3]).
names(117, [ugraph_union/3, ugraph_union/6, unify_same/3, union2/4, union3/6,
    unique_variable_names/3, unwrap_with/3, update_bounds/9, update_extremum/1,
    upto_what/4]).
names(118, [v_in_stack/3, v_or_i/1, val_to_v/2, var/3, var_eq/3,
    var_list_contains_name/2, var_list_contains_variable/2, var_name/5, variable_queue/2,
    variables_same_queue/1, variables_with_num_occurrences/2,
    variables_with_num_occurrences/4, vars_num_infinite/2, vars_remove_goal/2,
    verify_attributes/3, vertices/2, vertices_and_zeros/3, vertices_edges_to_ugraph/3,
    vindex_defined/3, vindex_is_index/3, vlowlink_is_index/3, vlowlink_min_lowlink/4,
    vns_coeffs_variables/5, vs_key_min_others/5]).
names(119, [warshall/3, warshall/4, weak_arc_all_distinct/1, when/2, when_condition/1,
    when_condition_si/1, when_si/2, with_clpz/2, with_local_attributes/3, with_var/2,
    write_term_to_chars/3, writeln/1]).
names(120, [x_neq_y_plus_z/3]).
names(122, [zcompare/3, zcompare_/3, zcompare__/3, zero_or_more/2, zo_t/2]).
