!$OFP PURE, KERNEL :: interior_mass
subroutine interior_mass(n, h, mass)
  integer :: n
  real :: h(n)
  real, intent(out) :: mass
  mass = sum(h(2:n-1))  ! ERROR [loop-reduction] "reduction \"sum\" of an array is not supported in a loop kernel"
end subroutine interior_mass
