# The environment every test runs in: no default endgame tables
# (DDTB_TABLEBASE set but empty turns them off; docs/USAGE.md), so that the
# suite behaves the same on a fresh machine and on one with tables in
# ~/.local/share/ddtb/tables or the installed share/ddtb/tables. The tests
# of the default tables set their own environment in their process.
# Included by the top-level CMakeLists.txt, so that tests/, bench/ and
# python/ see it.
set(DDTB_TEST_ENVIRONMENT "DDTB_TABLEBASE=")

# Gives every test defined so far in the calling directory that
# environment (tests discovered from GoogleTest executables get it from
# ddtb_add_test instead). Call it after the directory's last add_test.
function(ddtb_tests_without_default_tables)
  get_property(tests DIRECTORY PROPERTY TESTS)
  foreach(test IN LISTS tests)
    set_property(TEST ${test} APPEND PROPERTY ENVIRONMENT "${DDTB_TEST_ENVIRONMENT}")
  endforeach()
endfunction()
