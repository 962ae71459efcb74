// Instruction-set variants of the search. Internal.
//
// The search core (bits.hpp, relative.hpp, moves, sure tricks, the
// transposition table and the engine) is compiled twice on x86-64: for the
// baseline the library is built for (DDTB_ARCH, x86-64-v2 by default) and for
// x86-64-v3 (AVX2, BMI1/2, LZCNT: Intel Haswell and AMD Excavator on). A
// Solver picks the variant once, when it is built (solver/search.cpp). The
// v3 code uses PEXT/PDEP for relative ranks, three-operand shifts and
// LZCNT/TZCNT; what that saves: docs/PERFORMANCE.md, "Where the speed came
// from".
//
// Each variant lives in its own inline namespace, so that no function of one
// (an inline function the compiler chose not to inline, say) can ever be
// linked in place of the other's: the linker sees different names. Code
// outside the core includes these headers as usual and gets the baseline.
#pragma once

#if defined(DDTB_ISA_V3)
#define DDTB_ISA_NS isa_v3
#else
#define DDTB_ISA_NS isa_base
#endif
