! int_intrinsics: integer and mixed-kind intrinsics, in integer, real(4)
! and real(8) contexts, against gfortran. k takes negative, zero and
! positive values, so that mod, modulo, sign and dim see every sign.
! An integer intrinsic inside a real expression is converted as a whole:
! 0.5 + mod(i, 3) is 0.5 + real(mod(i, 3)), never real(i) mod 3. The named
! constants are folded by forocl and by gfortran from the same intrinsics.
module int_intrinsics
  implicit none
  integer, parameter :: dp = selected_real_kind(12)
  integer, parameter :: m = modulo(-7, 3) + dim(5, 2) + sign(2, -1)   ! 2 + 3 - 2 = 3
  real, parameter :: third = float(1)/3
  real(dp), parameter :: half = dprod(0.25, 2.0)

contains

  pure elemental subroutine mixed(i, x, y, j, d)
    integer, intent(in) :: i
    real, intent(in) :: x
    real, intent(out) :: y
    integer, intent(out) :: j
    real(dp), intent(out) :: d
    integer :: k

    k = i - 4
    y = 0.5 + mod(i, 3)
    y = y + mod(k, 3) + modulo(k, 3) + sign(2, k) + min(k, 1) + max(k, -1, 0) + dim(k, 1)
    y = y + 1.5*(1 - abs(k)) - sign(k, -1) + float(3) + float(k)*third
    y = y + max(real(k), x) + min(x, 1.25) + mod(x*k, 0.7) + modulo(x*k, 0.7) + sign(x, real(k)) + dim(x, 0.9)
    j = mod(k, m)*10 + modulo(k, -2) + sign(k, -1) + dim(3, k) - abs(k) + m
    j = j + nint(x*k) + floor(x*k) + ceiling(x) + int(x*k) + min(k, int(x)) + max(abs(k), 2)
    d = dprod(x, x) + real(k, dp)*mod(x, 0.3) + dble(float(i)) + dim(dble(x), 0.9d0) + half
    d = d + modulo(real(k, dp), 0.75d0) + sign(1.0d0, real(k, dp)) - real(m, kind=dp)
  end subroutine mixed

end module int_intrinsics
