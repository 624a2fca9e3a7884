! SELECT CASE inside a DO CONCURRENT nest: a material index chooses the
! equation of state per cell (values, ranges and case default).
!$OFP PURE, KERNEL :: eos
subroutine eos(n, m, mat, density, energy, pressure)
  implicit none
  integer, intent(in) :: n, m
  integer, intent(in) :: mat(n, m)
  real(8), intent(in) :: density(n, m), energy(n, m)
  real(8), intent(out) :: pressure(n, m)
  integer :: i, j
  real(8) :: gamma
  do concurrent (j = 1:m, i = 1:n)
    select case (mat(i, j))
    case (1)
      gamma = 1.4d0
    case (2, 3)
      gamma = 1.67d0
    case (5:)
      gamma = 1.1d0
    case default
      gamma = 1.3d0
    end select
    pressure(i, j) = (gamma - 1.0d0)*density(i, j)*energy(i, j)
  end do
end subroutine eos
