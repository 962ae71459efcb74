// Symbol visibility for libddtb. The library is built with hidden visibility;
// only declarations marked DDTB_EXPORT are part of the shared object's ABI.
#pragma once

#if defined(DDTB_STATIC)
#define DDTB_EXPORT
#elif defined(_WIN32)
#if defined(DDTB_BUILDING)
#define DDTB_EXPORT __declspec(dllexport)
#else
#define DDTB_EXPORT __declspec(dllimport)
#endif
#else
#define DDTB_EXPORT __attribute__((visibility("default")))
#endif
