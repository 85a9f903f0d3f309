#pragma once
#include <stddef.h>
#include <stdint.h>
#include <sqlite3.h>
