%% sandbox_lists — what the sandbox knows of scryer's builtins and libraries.
%
% Three tables, read by rules/lib/sandbox.pl: meta/2, the predicates that call
% one or more of their arguments, with which argument is called with how many
% more arguments (as a meta_predicate declaration says it); safe/2, the builtins
% and library predicates that have no effect outside the query and call nothing;
% unsafe/3, the ones refused, with the reason said to the user; and syntax/1, the
% names a meta-predicate reads rather than calls.  A predicate in none of them is
% refused too: the sandbox fails closed.  A test
% (sandbox_lists_agree_with_scryer in src/prolog/machine_tests.rs) checks that
% no safe/2 entry is a meta-predicate of any library safe_lib/1 allows.

:- module(sandbox_lists, [meta/2, safe/2, unsafe/3, safe_lib/1, control/1, syntax/1,
                          audit/1, load_library/1]).

:- use_module(library(lists)).

%% safe_lib(?Library)  a library whose exports the tables cover, so a rule file may load it.
safe_lib(lists). safe_lib(between). safe_lib(dcgs). safe_lib(error). safe_lib(format).
safe_lib(iso_ext). safe_lib(charsio). safe_lib(si). safe_lib(ordsets). safe_lib(assoc).
safe_lib(pairs). safe_lib(random). safe_lib(reif). safe_lib(clpz). safe_lib(dif).
safe_lib(when). safe_lib(freeze). safe_lib(arithmetic). safe_lib(terms). safe_lib(ugraphs).
safe_lib(queues). safe_lib(apply).

%% control(?Head)  the control constructs, which no file may define or assert.
control((_, _)). control((_ ; _)). control((_ -> _)). control('*->'(_, _)). control(\+ _).
control(_ : _). control((_ :- _)). control((:- _)). control((_ --> _)). control('|'(_, _)).
control(call(_)). control(!). control({}(_)).

%% syntax(?Name)  a name that scryer's meta-predicates read as syntax, not as a predicate
% to call: the control constructs, bagof/setof's ^ (which they take off with the
% modules before it), and what the grammar translation makes of a construct behind a
% module (M:{G} is '{}'(G, S0, S), M:(A, B) is ','(A, B, S0, S), M:"ab" is '.'/4).
% At any arity no such predicate is anyone's own, and a goal of one is refused
% unless meta/2 or safe/2 lists it (call/N, reif's ','/3 and ;/3, !/0).
syntax(',').  syntax(;).  syntax('|').  syntax(->).  syntax(*->).  syntax(\+).
syntax(:).  syntax(^).  syntax({}).  syntax([]).  syntax('.').  syntax(!).  syntax(call).
syntax(:-).  syntax(-->).  syntax(?-).

%% load_library(+Library)  loads a library the tables cover (into this module, whose
% few names no library takes), so that the sandbox knows its exports as the library's.
load_library(L) :- safe_lib(L), !, catch(use_module(library(L)), _, true).
load_library(_).

%% audit(-Problems)  the safe/2 entries that a library of safe_lib/1 declares as
% meta-predicates (they would run their goal unchecked), as Library:Name/Arity.
audit(Problems) :-
    findall(L:N/A,
            ( safe_lib(L), L \== apply,
              catch(use_module(library(L)), _, fail),
              safe(N, A), functor(H, N, A),
              catch(predicate_property(L:H, meta_predicate(S)), _, fail),
              S =.. [_|Specs], member(Sp, Specs), goal_spec(Sp),
              \+ meta(H, _) ),
            Ps),
    sort(Ps, Problems).

%% goal_spec(+Spec)  a meta argument spec that calls the argument.
goal_spec(S) :- integer(S).
goal_spec(^).
goal_spec(:).

%% meta(+Goal, -Specs)  the goal arguments of the meta-predicates the whitelist allows.
meta(call(_), [0]).
meta(call(_, _), [1, ?]).
meta(call(_, _, _), [2, ?, ?]).
meta(call(_, _, _, _), [3, ?, ?, ?]).
meta(call(_, _, _, _, _), [4, ?, ?, ?, ?]).
meta(call(_, _, _, _, _, _), [5, ?, ?, ?, ?, ?]).
meta(call(_, _, _, _, _, _, _), [6, ?, ?, ?, ?, ?, ?]).
meta(call(_, _, _, _, _, _, _, _), [7, ?, ?, ?, ?, ?, ?, ?]).
meta(once(_), [0]).
meta(ignore(_), [0]).
meta(not(_), [0]).
meta(forall(_, _), [0, 0]).
meta(findall(_, _, _), [?, 0, ?]).
meta(findall(_, _, _, _), [?, 0, ?, ?]).
meta(bagof(_, _, _), [?, ^, ?]).
meta(setof(_, _, _), [?, ^, ?]).
meta(catch(_, _, _), [0, ?, 0]).
meta(call_cleanup(_, _), [0, 0]).
meta(setup_call_cleanup(_, _, _), [0, 0, 0]).
meta(call_with_inference_limit(_, _, _), [0, ?, ?]).
meta(call_nth(_, _), [0, ?]).
meta(countall(_, _), [0, ?]).
meta(call_residue_vars(_, _), [0, ?]).
meta(maplist(_, _), [1, ?]).
meta(maplist(_, _, _), [2, ?, ?]).
meta(maplist(_, _, _, _), [3, ?, ?, ?]).
meta(maplist(_, _, _, _, _), [4, ?, ?, ?, ?]).
meta(maplist(_, _, _, _, _, _), [5, ?, ?, ?, ?, ?]).
meta(maplist(_, _, _, _, _, _, _), [6, ?, ?, ?, ?, ?, ?]).
meta(maplist(_, _, _, _, _, _, _, _), [7, ?, ?, ?, ?, ?, ?, ?]).
meta(foldl(_, _, _, _), [3, ?, ?, ?]).
meta(foldl(_, _, _, _, _), [4, ?, ?, ?, ?]).
meta(foldl(_, _, _, _, _, _), [5, ?, ?, ?, ?, ?]).
meta(foldl(_, _, _, _, _, _, _), [6, ?, ?, ?, ?, ?, ?]).
meta(include(_, _, _), [1, ?, ?]).
meta(exclude(_, _, _), [1, ?, ?]).
meta(partition(_, _, _, _), [1, ?, ?, ?]).
meta(partition(_, _, _, _, _, _), [2, ?, ?, ?, ?, ?]).
meta(predsort(_, _, _), [3, ?, ?]).
meta(map_list_to_pairs(_, _, _), [2, ?, ?]).
meta(freeze(_, _), [?, 0]).
meta(when(_, _), [?, 0]).
meta(if_(_, _, _), [1, 0, 0]).
meta(','(_, _, _), [1, 1, ?]).
meta(;(_, _, _), [1, 1, ?]).
meta(cond_t(_, _, _), [1, 0, ?]).
meta(tmember(_, _), [2, ?]).
meta(tmember_t(_, _, _), [2, ?, ?]).
meta(tfilter(_, _, _), [2, ?, ?]).
meta(tpartition(_, _, _, _), [2, ?, ?, ?]).
meta(phrase(_, _), [dcg, ?]).
meta(phrase(_, _, _), [dcg, ?, ?]).

%% safe(?Name, ?Arity)  the builtins and library predicates with no effect outside the query.
safe(true, 0). safe(fail, 0). safe(false, 0). safe(!, 0). safe(throw, 1).
safe(=, 2). safe(\=, 2). safe(==, 2). safe(\==, 2). safe(@<, 2). safe(@>, 2).
safe(@=<, 2). safe(@>=, 2). safe(compare, 3). safe(unify_with_occurs_check, 2).
safe(subsumes_term, 2). safe(dif, 2).
safe(var, 1). safe(nonvar, 1). safe(atom, 1). safe(number, 1). safe(integer, 1).
safe(float, 1). safe(atomic, 1). safe(compound, 1). safe(callable, 1). safe(is_list, 1).
safe(ground, 1). safe(functor, 3). safe(arg, 3). safe(=.., 2). safe(copy_term, 2).
safe(copy_term, 3). safe(term_variables, 2). safe(term_variables, 3).
safe(is, 2). safe(=:=, 2). safe(=\=, 2). safe(<, 2). safe(>, 2). safe(=<, 2). safe(>=, 2).
safe(succ, 2). safe(plus, 3). safe(between, 3). safe(numlist, 3). safe(numlist, 2).
safe(atom_codes, 2). safe(atom_chars, 2). safe(char_code, 2). safe(atom_length, 2).
safe(atom_concat, 3). safe(sub_atom, 5). safe(number_codes, 2). safe(number_chars, 2).
safe(atom_number, 2). safe(char_type, 2). safe(code_type, 2). safe(upcase_atom, 2).
safe(downcase_atom, 2). safe(term_to_atom, 2). safe(atomic_list_concat, 2).
safe(atomic_list_concat, 3). safe(partial_string, 1). safe(partial_string, 3).
safe(partial_string_tail, 2). safe(variant, 2).
safe(write, 1). safe(print, 1). safe(writeq, 1). safe(write_canonical, 1).
safe(write_term, 2). safe(nl, 0). safe(tab, 1). safe(put_char, 1).
safe(format, 1). safe(format, 2). safe(portray_clause, 1). safe(format_, 4).
safe(read_term_from_chars, 3). safe(read_from_chars, 2). safe(write_term_to_chars, 3).
safe(number_vars, 3). safe(numbervars, 3). safe(keysort, 2). safe(sort, 2). safe(sort, 4).
safe(msort, 2). safe(length, 2).
safe(append, 2). safe(append, 3). safe(member, 2). safe(memberchk, 2). safe(reverse, 2).
safe(nth0, 3). safe(nth1, 3). safe(nth0, 4). safe(nth1, 4). safe(last, 2).
safe(permutation, 2). safe(select, 3). safe(selectchk, 3). safe(select, 4).
safe(subtract, 3). safe(delete, 3). safe(sum_list, 2). safe(sumlist, 2).
safe(max_list, 2). safe(min_list, 2). safe(list_max, 2). safe(list_min, 2).
safe(list_to_set, 2). safe(same_length, 2). safe(transpose, 2). safe(max_member, 2).
safe(min_member, 2). safe(exclude_one, 3).
safe(pairs_keys_values, 3). safe(pairs_keys, 2). safe(pairs_values, 2).
safe(group_pairs_by_key, 2).
safe(seq, 3). safe(seqq, 3). safe('...', 2).
safe(must_be, 2). safe(can_be, 2). safe(domain_error, 2). safe(domain_error, 3).
safe(type_error, 2). safe(type_error, 3). safe(instantiation_error, 0).
safe(instantiation_error, 1). safe(existence_error, 2). safe(permission_error, 3).
safe(representation_error, 1). safe(resource_error, 1).
safe(is_ordset, 1). safe(list_to_ord_set, 2). safe(ord_add_element, 3).
safe(ord_del_element, 3). safe(ord_selectchk, 3). safe(ord_intersect, 2).
safe(ord_intersect, 3). safe(ord_intersection, 3). safe(ord_intersection, 2).
safe(ord_disjoint, 2). safe(ord_subtract, 3). safe(ord_union, 2). safe(ord_union, 3).
safe(ord_union, 4). safe(ord_subset, 2). safe(ord_empty, 1). safe(ord_memberchk, 2).
safe(ord_symdiff, 3). safe(ord_seteq, 2).
safe(empty_assoc, 1). safe(is_assoc, 1). safe(assoc_to_list, 2). safe(assoc_to_keys, 2).
safe(assoc_to_values, 2). safe(gen_assoc, 3). safe(get_assoc, 3). safe(get_assoc, 5).
safe(list_to_assoc, 2). safe(put_assoc, 4). safe(max_assoc, 3). safe(min_assoc, 3).
safe(del_assoc, 4). safe(pairs_to_assoc, 2).
safe(maybe, 0). safe(random, 1). safe(random_integer, 3). safe(set_random, 1).
safe(random_between, 3). safe(random_member, 2). safe(random_permutation, 2).
safe(atom_si, 1). safe(integer_si, 1). safe(atomic_si, 1). safe(list_si, 1).
safe(character_si, 1). safe(term_si, 1). safe(chars_si, 1). safe(dif_si, 2).
safe(=, 3). safe(dif, 3). safe(memberd_t, 3).
safe(#=, 2). safe(#\=, 2). safe(#<, 2). safe(#>, 2). safe(#=<, 2). safe(#>=, 2).
safe(in, 2). safe(ins, 2). safe(label, 1). safe(labeling, 2). safe(sum, 3).
safe(all_different, 1). safe(all_distinct, 1). safe(tuples_in, 2). safe(#<==>, 2).
safe(#==>, 2). safe(#<==, 2). safe(#\/, 2). safe(#\, 1). safe(#\, 2). safe(#/\, 2).
safe(zcompare, 3). safe(fd_dom, 2). safe(fd_inf, 2). safe(fd_sup, 2). safe(fd_size, 2).
safe(vertices_edges_to_ugraph, 3). safe(vertices, 2). safe(edges, 2). safe(add_edges, 3).
safe(neighbours, 3). safe(neighbors, 3). safe(top_sort, 2). safe(transitive_closure, 2).
safe(reachable, 3).
safe(empty_queue, 1). safe(queue_append, 3). safe(head_queue, 2).
safe(length_queue, 2). safe(list_queue, 2). safe(put_queue, 3).
safe(current_op, 3). safe(current_predicate, 1).
safe(atom_to_term, 3). safe(number_string, 2). safe(repeat, 0). safe(gen_int, 1).
safe(gen_nat, 1).

%% unsafe(?Name, ?Arity, -Why)  what the sandbox refuses, by what it reaches.
unsafe(open, 3, files). unsafe(open, 4, files). unsafe(close, 1, streams). unsafe(close, 2, streams).
unsafe(see, 1, files). unsafe(tell, 1, files). unsafe(append, 1, files).
unsafe(delete_file, 1, files). unsafe(rename_file, 2, files). unsafe(exists_file, 1, files).
unsafe(file_exists, 1, files). unsafe(directory_files, 2, files). unsafe(directory_exists, 1, files).
unsafe(make_directory, 1, files). unsafe(make_directory_path, 1, files).
unsafe(delete_directory, 1, files). unsafe(working_directory, 2, files).
unsafe(file_size, 2, files). unsafe(file_modification_time, 2, files).
unsafe(file_access_time, 2, files). unsafe(file_creation_time, 2, files).
unsafe(path_canonical, 2, files). unsafe(path_segments, 2, files).
unsafe(absolute_file_name, 2, files). unsafe(absolute_file_name, 3, files).
unsafe(shell, 1, process). unsafe(shell, 2, process). unsafe(process_create, 3, process).
unsafe(process_wait, 2, process). unsafe(process_kill, 1, process). unsafe(process_kill, 2, process).
unsafe(process_id, 2, process).
unsafe(getenv, 2, os). unsafe(setenv, 2, os). unsafe(unsetenv, 1, os). unsafe(pid, 1, os).
unsafe(raw_argv, 1, os). unsafe(argv, 1, os).
unsafe(socket_client_open, 3, sockets). unsafe(socket_server_open, 2, sockets).
unsafe(socket_server_accept, 4, sockets). unsafe(socket_server_close, 1, sockets).
unsafe(current_hostname, 1, sockets).
unsafe(use_foreign_module, 2, ffi). unsafe(foreign_struct, 2, ffi). unsafe(with_locals, 2, ffi).
unsafe(allocate, 4, ffi). unsafe(deallocate, 3, ffi). unsafe(read_ptr, 3, ffi). unsafe(array_type, 3, ffi).
unsafe(halt, 0, halt). unsafe(halt, 1, halt).
unsafe(consult, 1, load). unsafe(use_module, 1, load). unsafe(use_module, 2, load).
unsafe(ensure_loaded, 1, load). unsafe(load_files, 2, load). unsafe(include, 1, load).
unsafe('.', 2, load). unsafe(load_module_string, 2, load).
unsafe(read, 1, streams). unsafe(read_term, 2, streams). unsafe(read_term, 3, streams).
unsafe(read, 2, streams). unsafe(get_char, 1, streams). unsafe(get_char, 2, streams).
unsafe(peek_char, 1, streams). unsafe(peek_char, 2, streams). unsafe(put_char, 2, streams).
unsafe(write, 2, streams). unsafe(writeq, 2, streams). unsafe(write_term, 3, streams).
unsafe(print, 2, streams). unsafe(nl, 1, streams). unsafe(format, 3, streams).
unsafe(portray_clause, 2, streams). unsafe(get_line_to_chars, 3, streams).
unsafe(get_n_chars, 3, streams). unsafe(get_single_char, 1, streams). unsafe(set_input, 1, streams).
unsafe(set_output, 1, streams). unsafe(flush_output, 1, streams). unsafe(set_stream_position, 2, streams).
unsafe(stream_property, 2, streams). unsafe(current_input, 1, streams). unsafe(current_output, 1, streams).
unsafe(set_prolog_flag, 2, flags). unsafe(op, 3, ops).
unsafe(bb_put, 2, global). unsafe(bb_b_put, 2, global). unsafe(bb_get, 2, global).
unsafe(nb_setval, 2, global). unsafe(b_setval, 2, global). unsafe(nb_getval, 2, global).
unsafe(b_getval, 2, global).
unsafe(term_expansion, 2, expansion). unsafe(goal_expansion, 2, expansion).
unsafe(put_atts, 2, attributes). unsafe(put_atts, 3, attributes).
unsafe(get_atts, 2, attributes). unsafe(get_atts, 3, attributes).
