!$OFP PURE, KERNEL :: column_mass
subroutine column_mass(n, m, h, mass)
  integer :: n, m
  real :: h(n, m), mass(m)
  integer :: k
  do concurrent (k = 1:m)
    mass(k) = sum(h(:, k))  ! ERROR [loop-reduction] "reduction \"sum\" of an array inside a parallel loop is not supported"
  end do
end subroutine column_mass
