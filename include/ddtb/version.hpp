// The version of libddtb: MAJOR changes with the ABI (it is the shared
// library's SONAME, libddtb.so.MAJOR), MINOR with additions, PATCH with
// fixes. cmake/ddtbInstall.cmake checks these numbers against the project's
// version at configure time, so the two cannot drift apart.
#pragma once

#define DDTB_VERSION_MAJOR 0
#define DDTB_VERSION_MINOR 1
#define DDTB_VERSION_PATCH 0
// "MAJOR.MINOR.PATCH"
#define DDTB_VERSION "0.1.0"
