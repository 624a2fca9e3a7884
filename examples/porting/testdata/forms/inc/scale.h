      b(i) = FACTOR * a(i) + 1
