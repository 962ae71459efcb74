# Sharded, resumable builds and their launchers (docs/DISTRIBUTED.md):
#   ddtb_distributed_test   unit files, shards, merge and its refusals, reruns
#   dist_kill_resume        ddtb-build killed (SIGKILL) at random moments and
#                           rerun: the 12-card tables byte for byte
#   dist_slurm              --shard slurm and scripts/slurm/ with a stand-in
#                           sbatch
#   dist_cli_errors         bad shard specs and directories, merge refusing
#                           gaps, corrupt, duplicate, misnamed and mismatched
#                           units and a wrong layer below, from the CLI
#   dist_mpi                ddtb-build-mpi under mpirun -np 2 (label mpi;
#                           only when MPI was found)
# Each compares with the same reference tables, a plain build through the
# executor (tests/dist/reference_tables.hpp). Together about
# 30 CPU-seconds. Label "long": the 16-card kill test (about 25 CPU-minutes:
# the reference, the killed and resumed builds, a shard build for the merge
# kills; 45 minutes of wall time on the busy 2-core machine).
ddtb_add_test(ddtb_distributed_test SOURCES distributed_test.cpp TIMEOUT 600
              LABELS distributed)
target_link_libraries(ddtb_distributed_test PRIVATE ddtb_builder)

if(TARGET ddtb-build)
  add_executable(ddtb_reference_tables dist/reference_tables.cpp)
  target_include_directories(ddtb_reference_tables PRIVATE ${PROJECT_SOURCE_DIR})
  target_link_libraries(ddtb_reference_tables PRIVATE ddtb_builder)

  set(dist_work ${CMAKE_CURRENT_BINARY_DIR}/dist)
  set(dist_ref ${dist_work}/ref12)
  add_test(NAME dist_reference_tables
           COMMAND sh -c "rm -rf '${dist_ref}' && mkdir -p '${dist_work}' && '$<TARGET_FILE:ddtb_reference_tables>' '${dist_ref}' 12")
  set_tests_properties(dist_reference_tables PROPERTIES
                       FIXTURES_SETUP dist_ref LABELS distributed TIMEOUT 300)

  add_test(NAME dist_kill_resume
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/dist/kill_resume_test.sh
                   $<TARGET_FILE:ddtb-build> ${dist_ref} ${dist_work}/kill 12 8)
  add_test(NAME dist_slurm
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/dist/slurm_test.sh
                   $<TARGET_FILE:ddtb-build> ${dist_ref} ${PROJECT_SOURCE_DIR}/scripts/slurm
                   ${dist_work}/slurm)
  add_test(NAME dist_cli_errors
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/dist/cli_errors_test.sh
                   $<TARGET_FILE:ddtb-build> ${dist_ref} ${dist_work}/cli)
  set_tests_properties(dist_kill_resume dist_slurm dist_cli_errors PROPERTIES
                       FIXTURES_REQUIRED dist_ref LABELS distributed TIMEOUT 600)

  if(TARGET ddtb-build-mpi)
    add_test(NAME dist_mpi
             COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/dist/mpi_test.sh
                     ${MPIEXEC_EXECUTABLE} $<TARGET_FILE:ddtb-build-mpi> $<TARGET_FILE:ddtb-build>
                     ${dist_ref} ${dist_work}/mpi 12)
    set_tests_properties(dist_mpi PROPERTIES
                         FIXTURES_REQUIRED dist_ref LABELS "distributed;mpi" TIMEOUT 600)
  endif()

  # 16 cards: the reference (about 5 CPU-minutes), then a build killed at
  # random moments within a few minutes and resumed.
  set(dist_ref16 ${dist_work}/ref16)
  add_test(NAME dist_kill_resume_16
           COMMAND sh -c "mkdir -p '${dist_work}' && '$<TARGET_FILE:ddtb_reference_tables>' '${dist_ref16}' 16 && bash '${CMAKE_CURRENT_SOURCE_DIR}/dist/kill_resume_test.sh' '$<TARGET_FILE:ddtb-build>' '${dist_ref16}' '${dist_work}/kill16' 16 6 240000 '' 8000")
  set_tests_properties(dist_kill_resume_16 PROPERTIES LABELS "distributed;long" TIMEOUT 7200)
endif()
