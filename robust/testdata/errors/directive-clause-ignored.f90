!$OFP PURE, KERNEL :: scaled
subroutine scaled(n, a, b)
  integer :: n
  real :: a(n), b(n)
  integer :: i
  !$omp target enter data map(to: a)
  !^ WARNING [directive-clause-ignored] "!$omp target enter data has no effect: forocl moves the kernel's data itself"
  !$omp target teams distribute parallel do schedule(static, 4) map(from: b)
  !^ WARNING:45 [directive-clause-ignored] "!$omp target teams distribute parallel do: forocl ignores the clauses schedule(static, 4), map(from: b), which do not change what the loop computes"
  do i = 1, n
    b(i) = 2*a(i)
  end do
end subroutine scaled
